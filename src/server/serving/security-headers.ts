import type { FastifyInstance } from 'fastify';

/**
 * One policy for every answer, console and API alike. Scripts only from this origin and never
 * inline; styles may be inline because the dialog library locks page scroll with a <style> element.
 * The console may call this service, and the other services the operator names in CONSOLE_SERVERS
 * (its sign-in page takes another service's base URL), and nothing else: a script that got onto
 * the page cannot send what it read anywhere.
 */
export function contentSecurityPolicy(consoleServers: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...consoleServers].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers of every answer (besides its `x-request-id`); Strict-Transport-Security only on one that came over TLS, where it
 * is meaningful.
 */
export function securityHeaders(
  overHttps: boolean,
  consoleServers: readonly string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(consoleServers),
    'x-content-type-options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (overHttps) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function installSecurityHeaders(
  app: FastifyInstance,
  consoleServers: readonly string[],
): void {
  const overHttp = securityHeaders(false, consoleServers);
  const overHttps = securityHeaders(true, consoleServers);
  // One hook for every header an answer carries, the request id too: each hook is a step of
  // every request.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(req.protocol === 'https' ? overHttps : overHttp);
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
}
