import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { allEndpoints } from '../../contract/endpoints';
import { sendError } from './errors';

const apiPrefixes = ['/v1/', '/v2/', '/dev/', '/openapi.json', '/healthz'];

/**
 * Serves the built console (with the SPA's index for client-side routes) and answers everything
 * else that no route matched with the error envelope: 405 on an endpoint's path, 404 elsewhere.
 */
export async function installFallbacks(app: FastifyInstance, consoleDir: string | undefined) {
  const hasConsole = consoleDir !== undefined && existsSync(join(consoleDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, { root: consoleDir, wildcard: false, index: false });
  }
  const endpointPaths = new Set(allEndpoints.map((e) => e.path));

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    if (endpointPaths.has(path as `/${string}`)) {
      reply.header('allow', 'POST');
      return sendError(
        reply,
        'INVALID_ARGUMENT',
        `Method ${req.method} is not allowed; use POST.`,
        405,
      );
    }
    const isApi = apiPrefixes.some((prefix) => path.startsWith(prefix));
    if (hasConsole && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendError(reply, 'NOT_FOUND', `No endpoint at ${req.method} ${path}.`);
  });
}
