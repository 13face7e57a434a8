import type { FastifyRequest } from 'fastify';

/**
 * The request as the access log records it: the path without its query string, since a query can
 * carry a secret (the `oobCode` of a login link opens the console at `/sign-in?oobCode=…`).
 */
export function requestLogFields(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    path: req.url.split('?', 1)[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket.remotePort,
  };
}
