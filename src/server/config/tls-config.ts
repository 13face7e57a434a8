import { readFileSync } from 'node:fs';
import type { Env } from './env-values';

/** The certificate chain and private key the service answers TLS with, both PEM. */
export interface TlsConfig {
  cert: Buffer;
  key: Buffer;
}

function pemFile(name: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new Error(`${name}: cannot read "${path}" (${reason})`);
  }
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE: both, and the service speaks HTTPS itself (HTTP/2, HTTP/1.1 for
 * clients without it); neither, and it speaks plain HTTP/1.1 (TLS at a reverse proxy, if any).
 * One without the other is a mistake the operator must hear about, not a plain-HTTP service.
 */
export function loadTlsConfig(env: Env): TlsConfig | undefined {
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither');
  }
  return { cert: pemFile('TLS_CERT_FILE', certFile), key: pemFile('TLS_KEY_FILE', keyFile) };
}
