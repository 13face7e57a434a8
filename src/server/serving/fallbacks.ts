import type { FastifyInstance } from 'fastify';
import { allEndpoints } from '#contract/endpoints';
import { pathsOf } from '#contract/endpoint';
import { installConsoleAssets } from './console-assets';
import { consolePage } from './console-page';
import { askSelf } from './overview-drawing';
import { sendError } from '../http/errors';

const apiPrefixes = ['/v1/', '/v2/', '/dev/', '/openapi.json', '/healthz', '/readyz', '/metrics'];

/** A path that names a file, which the SPA's index must not stand in for when it is missing. */
const fileLike =
  /\.(?:m?js|css|map|json|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|txt|xml|webmanifest|wasm|br|gz)$/i;

/** A page of the console's client-side router, answered with its index.html. */
function isConsolePage(path: string): boolean {
  return (
    !apiPrefixes.some((prefix) => path.startsWith(prefix)) &&
    !path.startsWith('/assets/') &&
    !fileLike.test(path)
  );
}

/**
 * Serves the built console (with the SPA's index for client-side routes) and answers everything
 * else that no route matched with the error envelope: 405 on an endpoint's path, 404 elsewhere.
 */
export async function installFallbacks(
  app: FastifyInstance,
  consoleDir: string | undefined,
  consoleServers: readonly string[],
) {
  const hasConsole = await installConsoleAssets(app, consoleDir);
  const sendPage =
    hasConsole && consoleDir ? consolePage(consoleDir, consoleServers, askSelf(app)) : undefined;
  const endpointPaths = new Set(allEndpoints.flatMap((e) => pathsOf(e)));

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?', 1)[0] ?? req.url;
    if (endpointPaths.has(path as `/${string}`)) {
      reply.header('allow', 'POST');
      return sendError(
        reply,
        'INVALID_ARGUMENT',
        `Method ${req.method} is not allowed; use POST.`,
        405,
      );
    }
    if (sendPage && (req.method === 'GET' || req.method === 'HEAD') && isConsolePage(path)) {
      return sendPage(req, reply);
    }
    return sendError(reply, 'NOT_FOUND', `No endpoint at ${req.method} ${path}.`);
  });
}
