import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'svc-tls-config-'));
const cert = join(dir, 'cert.pem');
const key = join(dir, 'key.pem');
writeFileSync(cert, 'certificate');
writeFileSync(key, 'key');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('are off by default: plain HTTP', () => {
    expect(loadConfig({ TLS_CERT_FILE: '', TLS_KEY_FILE: '' }).serving.tls).toBeUndefined();
  });

  it('read both files at start', () => {
    const config = loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
    expect(config.serving.tls?.cert.toString()).toBe('certificate');
    expect(config.serving.tls?.key.toString()).toBe('key');
  });

  it('refuse one without the other, and a file that cannot be read, by name', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: cert })).toThrow(
      /^TLS_CERT_FILE and TLS_KEY_FILE go together/,
    );
    expect(() => loadConfig({ TLS_KEY_FILE: key })).toThrow(/^TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: join(dir, 'none.pem') })).toThrow(
      /^TLS_KEY_FILE: cannot read ".*none\.pem" \(ENOENT\)$/,
    );
  });
});
