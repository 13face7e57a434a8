import { type Env, wholeNumber } from './env-values';
import { isLoopback } from './loopback';
import { type TrustProxy, loadTrustProxy } from './trust-proxy';

/** How the service meets the network: timeouts, cross-origin callers, the local outbox's reach. */
export interface ServingConfig {
  /** Origins (`scheme://host[:port]`) whose pages may call the API from a browser. */
  corsOrigins: string[];
  /** Origins of the other services the console served here may call (its CSP's connect-src). */
  consoleServers: string[];
  /** Node's HTTP server limits, in milliseconds. */
  timeouts: {
    /** From a request's first byte until its headers are complete. */
    headersMs: number;
    /** From a request's first byte until its body is complete. */
    requestMs: number;
    /** How long an idle keep-alive connection stays open. */
    keepAliveMs: number;
    /** A socket with no traffic either way for this long is closed. */
    connectionMs: number;
  };
  /** The proxies whose forwarded headers give the client's address, scheme and host. */
  trustProxy: TrustProxy;
  /** Serve `GET /dev/outbox` to any client and allow local-outbox mode on a non-loopback HOST. */
  allowRemoteOutbox: boolean;
}

// Zero would switch a timeout off, which is the defect these limits exist to prevent.
const milliseconds = (env: Env, name: string, fallback: number) =>
  wholeNumber(env, name, fallback, { positive: true });

/**
 * An origin as the browser writes it (`scheme://host[:port]`), from a setting that must be one;
 * anything else (a path, a query, credentials, another scheme) is refused with the setting's name.
 */
export function originSetting(name: string, item: string, example: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(item);
  } catch {
    url = undefined;
  }
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username;
  if (!url || !bare || !['http:', 'https:'].includes(url.protocol)) {
    throw new Error(
      `${name}: "${item}" is not an origin such as ${example} (scheme, host and port only)`,
    );
  }
  return url;
}

/** A comma-separated list of origins, each checked and written as the browser writes it. */
function origins(env: Env, name: string, example: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return list.map((item) => originSetting(name, item, example).origin);
}

export function loadServingConfig(env: Env): ServingConfig {
  const headersMs = milliseconds(env, 'HEADERS_TIMEOUT_MS', 10_000);
  const requestMs = milliseconds(env, 'REQUEST_TIMEOUT_MS', 30_000);
  if (headersMs > requestMs) {
    throw new Error('HEADERS_TIMEOUT_MS must not be greater than REQUEST_TIMEOUT_MS');
  }
  const allowRemoteOutbox = env.ALLOW_REMOTE_OUTBOX === 'true';
  const host = env.HOST || '127.0.0.1';
  if (!env.SMTP_URL && !isLoopback(host) && !allowRemoteOutbox) {
    throw new Error(
      `HOST=${host} is reachable from other machines, and without SMTP_URL login links are kept in ` +
        'the local outbox (GET /dev/outbox), which would hand them to anyone who can reach the ' +
        'port. Set SMTP_URL, bind HOST to a loopback address, or set ALLOW_REMOTE_OUTBOX=true to ' +
        'accept that risk.',
    );
  }
  return {
    corsOrigins: origins(env, 'CORS_ORIGINS', 'https://console.example.com'),
    consoleServers: origins(env, 'CONSOLE_SERVERS', 'https://api.example.com'),
    timeouts: {
      headersMs,
      requestMs,
      keepAliveMs: milliseconds(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000),
      connectionMs: milliseconds(env, 'CONNECTION_TIMEOUT_MS', 120_000),
    },
    trustProxy: loadTrustProxy(env),
    allowRemoteOutbox,
  };
}
