import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_SERVERS_META } from '#contract/console-page';

/** Answers a request for one of the console's pages with its index.html. */
export type SendConsolePage = (req: FastifyRequest, reply: FastifyReply) => FastifyReply;

const encodings = ['br', 'gzip'] as const;

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The console's index.html as this service answers it: with a `<meta>` naming the servers its
 * Content-Security-Policy lets the console call (CONSOLE_SERVERS), so that the sign-in page can say
 * so before it tries one. Prepared once at start (it depends on the settings only), compressed as
 * the build compresses the other files, revalidated by its ETag on every use.
 */
export function consolePage(
  consoleDir: string,
  consoleServers: readonly string[],
): SendConsolePage {
  const source = readFileSync(join(consoleDir, 'index.html'), 'utf8');
  const meta = `<meta name="${CONSOLE_SERVERS_META}" content="${attribute(consoleServers.join(' '))}" />`;
  // Last in <head>: before it, the build's tags stay as Vite wrote them.
  const html = /<\/head>/i.test(source)
    ? source.replace(/<\/head>/i, `${meta}</head>`)
    : `${meta}${source}`;
  const bodies = {
    identity: Buffer.from(html),
    br: brotliCompressSync(html),
    gzip: gzipSync(html, { level: 9 }),
  };
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return (req, reply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag);
    if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    // As @fastify/static reads it for the other files: `*` stands for gzip.
    const accepted = (req.headers['accept-encoding'] ?? '').toLowerCase().replace(/\*/g, 'gzip');
    const encoding = accepted ? negotiate(accepted, [...encodings]) : null;
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(bodies[encoding ?? 'identity']);
  };
}
