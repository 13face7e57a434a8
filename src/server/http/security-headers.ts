import type { FastifyInstance } from 'fastify';

/**
 * One policy for every answer, console and API alike. Scripts only from this origin and never
 * inline; styles may be inline because the dialog library locks page scroll with a <style> element;
 * `connect-src` allows other origins because the console can be pointed at another service's base
 * URL on its sign-in page.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const everyAnswer: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Strict-Transport-Security is only meaningful, and only sent, on an answer that came over TLS. */
export function securityHeaders(overHttps: boolean): Record<string, string> {
  return overHttps
    ? { ...everyAnswer, 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : everyAnswer;
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(securityHeaders(req.protocol === 'https'));
    done(null, payload);
  });
}
