import type { FastifyInstance } from 'fastify';

/** What the console sends across origins: JSON bodies and the `x-svc-…` credentials. */
const allowedRequestHeaders = [
  'content-type',
  'x-svc-workspace-id',
  'x-svc-workspace-auth-token',
  'x-svc-api-key',
  'x-svc-auth-token',
  'x-request-id',
].join(', ');

/** Headers a cross-origin page may read besides the CORS-safelisted ones. */
const exposedHeaders = 'x-request-id, retry-after';

/**
 * Lets the pages of the listed origins call the service from a browser: preflights from them are
 * answered 204, and their actual requests carry `access-control-allow-origin`. A preflight from any
 * other origin is left to the routes, where OPTIONS is no endpoint's method (405 on an endpoint's
 * path), and gets no CORS header, so the browser refuses the call.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (req, reply) => {
    // The answer depends on Origin whenever some origin is allowed, so shared caches must key on it.
    reply.header('vary', 'origin');
    const origin = req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) {
      reply.header('access-control-expose-headers', exposedHeaders);
      return;
    }
    reply.headers({
      'access-control-allow-methods': 'GET, HEAD, POST',
      'access-control-allow-headers': allowedRequestHeaders,
      'access-control-max-age': '600',
    });
    // A console on a public origin calling a service on this machine (Chrome's Private Network Access).
    if (req.headers['access-control-request-private-network'] === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
    return reply.code(204).send();
  });
}
