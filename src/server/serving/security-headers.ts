import type { FastifyInstance } from 'fastify';

/**
 * One policy for every answer, console and API alike. Scripts only from this origin, and inline
 * only those the console's page names by their hashes (`inlineScripts`, console-page.ts); styles
 * may be inline because the dialog library locks page scroll with a <style> element whose content
 * depends on the scrollbar's width (a hash would also turn 'unsafe-inline' off).
 * The console may call this service, and the other services the operator names in CONSOLE_SERVERS
 * (its sign-in page takes another service's base URL), and nothing else: a script that got onto
 * the page cannot send what it read anywhere.
 */
export function contentSecurityPolicy(
  consoleServers: readonly string[] = [],
  inlineScripts: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(' '),
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
    // The console's page sets the policy with its inline scripts' hashes (console-page.ts).
    const own = reply.getHeader('content-security-policy');
    reply.headers(req.protocol === 'https' ? overHttps : overHttp);
    reply.header('x-request-id', req.id);
    if (typeof own === 'string') reply.header('content-security-policy', own);
    done(null, payload);
  });
}
