import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentialHeaders } from '#contract/credentials';
import { sendError } from '../http/errors';

/**
 * What a page sends across origins: JSON bodies, compressed or not (content-encoding.ts), the
 * credential headers and a request id.
 */
export const allowedRequestHeaders = [
  'content-type',
  'content-encoding',
  ...Object.values(credentialHeaders),
  'x-request-id',
].join(', ');

/** The API's one method; GET and HEAD need no preflight, as CORS-safelisted methods. */
export const allowedMethods = 'POST';

/** How long a browser may reuse a preflight's answer: a changed CORS_ORIGINS holds within it. */
export const preflightMaxAgeSeconds = 600;

/** Headers a cross-origin page may read besides the CORS-safelisted ones. */
const exposedHeaders = 'x-request-id, retry-after';

/** A CORS preflight: OPTIONS with the method the page wants to send (Fetch standard). */
const isPreflight = (req: FastifyRequest) =>
  req.method === 'OPTIONS' &&
  req.headers.origin !== undefined &&
  req.headers['access-control-request-method'] !== undefined;

/**
 * Lets the pages of the listed origins call the service from a browser
 * (docs/decisions/0023-cors-preflights.md). Every preflight is answered here, on any path, before
 * routing: 204 with the methods, headers and max-age for a listed origin (on an unknown path too,
 * so that the page reads the NOT_FOUND of the call that follows instead of a blocked request); 403
 * with the PERMISSION_DENIED envelope and no CORS header for any other origin, which the browser
 * refuses, and whoever looks at the network log or the access log sees why. Actual requests from a
 * listed origin carry `access-control-allow-origin` (and `-allow-credentials`: its pages may use a
 * session), those from others nothing.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  // A callback, not an async function: it runs on every request, and a promise per request costs.
  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    // The answer depends on Origin whenever some origin is allowed, so shared caches must key on it.
    if (allowed.size > 0) reply.header('vary', 'origin');
    const listed = origin !== undefined && allowed.has(origin);
    if (!isPreflight(req)) {
      if (listed) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-allow-credentials', 'true');
        reply.header('access-control-expose-headers', exposedHeaders);
      }
      done();
      return;
    }
    if (!listed) {
      sendError(
        reply,
        'PERMISSION_DENIED',
        `The origin ${String(origin)} may not call this service from a browser: it is not in CORS_ORIGINS.`,
      );
      return;
    }
    reply.headers({
      'access-control-allow-origin': origin,
      // A listed origin's page may send the session cookie (`credentials: 'include'`): a console
      // on another origin of the same site signs in with a session (DESIGN.md § Team access).
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': allowedMethods,
      'access-control-allow-headers': allowedRequestHeaders,
      'access-control-max-age': String(preflightMaxAgeSeconds),
    });
    // A console on a public origin calling a service on this machine (Chrome's Private Network Access).
    if (req.headers['access-control-request-private-network'] === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
    reply.code(204).send();
  });
}
