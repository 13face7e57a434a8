import { describe, expect, it } from 'vitest';
import { isSessionToken, newSessionToken } from '../crypto/session-token';
import { sessionCookieHeader } from './session-cookie';

describe('the session cookie', () => {
  it('is Secure when the request reached the service over TLS, and only then', () => {
    const token = newSessionToken();
    expect(sessionCookieHeader(token, 60, true)).toBe(
      `svc_session=${token}; Max-Age=60; Path=/; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(sessionCookieHeader(token, 60, false)).not.toMatch(/Secure/);
  });

  it('carries 256 random bits in a form of its own', () => {
    const [a, b] = [newSessionToken(), newSessionToken()];
    expect(a).not.toBe(b);
    expect(Buffer.from(a.slice(4), 'base64url')).toHaveLength(32);
    expect([isSessionToken(a), isSessionToken(`${a}x`), isSessionToken('sst_x')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
