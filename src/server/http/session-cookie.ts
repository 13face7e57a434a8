import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '#contract/credentials';

/**
 * The session cookie's value in the request's Cookie header, or undefined. Only the first cookie
 * of that name counts (a browser sends the most specific path first, and ours is always `/`).
 */
export function sessionCookieOf(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined) return undefined;
  // Scanned in place rather than split: the header comes with every request of a signed-in page.
  let start = 0;
  while (start < header.length) {
    const end = header.indexOf(';', start);
    const stop = end < 0 ? header.length : end;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < stop && header.slice(start, eq).trim() === sessionCookieName) {
      const value = header.slice(eq + 1, stop).trim();
      return value === '' ? undefined : value;
    }
    start = stop + 1;
  }
  return undefined;
}

/**
 * Where a session cookie goes (DESIGN.md § Team access): no script reads it (HttpOnly), no other
 * site's request carries it (SameSite=Strict), every path of the service gets it. `Secure` when
 * the request came over TLS: to the service itself, or to a proxy that TRUST_PROXY names (as for
 * HSTS, security-headers.ts), so that a client's own `x-forwarded-proto` changes nothing.
 */
export function sessionCookieHeader(
  value: string,
  maxAgeSeconds: number,
  overHttps: boolean,
): string {
  const attributes = [
    `${sessionCookieName}=${value}`,
    `Max-Age=${maxAgeSeconds}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (overHttps) attributes.push('Secure');
  return attributes.join('; ');
}

/** What a handler may do with the answer's session cookie. */
export interface SessionCookieWriter {
  /** Hands the browser a new session, for `maxAgeSeconds`. */
  set(token: string, maxAgeSeconds: number): void;
  /** Tells the browser to forget its session. */
  clear(): void;
}

/**
 * The cookie a handler asked for, put on the answer only once the call succeeded (its
 * transaction committed): a refused or failed call never hands out a session.
 */
export class PendingSessionCookie implements SessionCookieWriter {
  private cookie: { value: string; maxAgeSeconds: number } | undefined;

  set(token: string, maxAgeSeconds: number): void {
    this.cookie = { value: token, maxAgeSeconds };
  }

  clear(): void {
    this.cookie = { value: '', maxAgeSeconds: 0 };
  }

  applyTo(req: FastifyRequest, reply: FastifyReply): void {
    if (!this.cookie) return;
    const { value, maxAgeSeconds } = this.cookie;
    reply.header('set-cookie', sessionCookieHeader(value, maxAgeSeconds, req.protocol === 'https'));
  }
}
