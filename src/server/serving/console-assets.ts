import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Names under assets/ carry a hash of their content: a changed file is a new name. */
const hashedAssets = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files of public/: revalidated (ETag) on every use. */
const revalidated = 'no-cache';

/** Whether `consoleDir` holds a built console: its index.html. */
export function holdsBuiltConsole(consoleDir: string | undefined): consoleDir is string {
  return consoleDir !== undefined && existsSync(join(consoleDir, 'index.html'));
}

/**
 * Serves the built console's files, each as the `.br` or `.gz` written beside it at build time
 * when the request's accept-encoding allows (else the file itself), with cache headers by kind.
 * Files are found once, at start-up; a path that is not one of them falls through to the
 * not-found handler. index.html is left to that handler too, which answers every console page
 * with it as this service writes it (`console-page.ts`). Answers whether there is a console.
 */
export async function installConsoleAssets(
  app: FastifyInstance,
  consoleDir: string | undefined,
): Promise<boolean> {
  if (!holdsBuiltConsole(consoleDir)) return false;
  const root = resolve(consoleDir);
  const assetsDir = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are chosen by accept-encoding, never addressed by name.
    globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? hashedAssets : revalidated);
    },
  });
  return true;
}
