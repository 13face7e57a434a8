import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_SERVERS_META } from '#contract/console-page';
import { overviewDrawingSlot } from '#contract/overview-page';
import { type AskForConsole, overviewDrawer, takeOverviewDrawings } from './overview-drawing';
import { contentSecurityPolicy } from './security-headers';

/** Answers a request for one of the console's pages with its index.html. */
export type SendConsolePage = (
  req: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

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

/** What the build wrote for one page only (scripts/first-paint-html.ts): unwrapped there. */
const pageTemplate = /<template data-for="([a-z-]+)">([\s\S]*?)<\/template>/g;
/** Scripts without a src: the policy allows each by its hash, and no other. */
const inlineScript = /<script>([\s\S]*?)<\/script>/g;
/** The query of a sign-in page that opens on the e-mail link form, as the build drew it. */
const drawnSearch = new Set(['redirect', 'method']);

type Page = 'sign-in' | 'overview' | 'other';

/**
 * The page an address opens, where the build prepared one: the sign-in page as drawn (the form of
 * a login link, not the landing of one, `mode` and `oobCode`, the chooser, `choose`, or the token
 * form), and the overview.
 */
export function pageOf(url: string): Page {
  const { pathname, searchParams } = new URL(url, 'http://console');
  if (pathname === '/') return 'overview';
  if (pathname !== '/sign-in') return 'other';
  for (const [name, value] of searchParams) {
    if (!drawnSearch.has(name) || (name === 'method' && value !== 'link')) return 'other';
  }
  return 'sign-in';
}

/** sha256 source expressions of the page's inline scripts, for its script-src. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(inlineScript)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

type Encoding = 'identity' | (typeof encodings)[number];

interface Prepared {
  bodies: Record<Encoding, Buffer>;
  etag: string;
  policy: string;
}

/** The body in one encoding: at the highest levels once at start, faster for one answer. */
function encoded(html: string, encoding: Encoding, once: boolean): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(
      html,
      once ? {} : { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    );
  }
  return encoding === 'gzip' ? gzipSync(html, { level: once ? 9 : 6 }) : Buffer.from(html);
}

function prepare(html: string, consoleServers: readonly string[]): Prepared {
  return {
    bodies: {
      identity: encoded(html, 'identity', true),
      br: encoded(html, 'br', true),
      gzip: encoded(html, 'gzip', true),
    },
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    policy: contentSecurityPolicy(consoleServers, inlineScriptHashes(html)),
  };
}

/** The encoding the request accepts, as @fastify/static reads it for the other files. */
function encodingFor(req: FastifyRequest): Encoding {
  // `*` stands for gzip.
  const accepted = (req.headers['accept-encoding'] ?? '').toLowerCase().replace(/\*/g, 'gzip');
  return (accepted ? negotiate(accepted, [...encodings]) : null) ?? 'identity';
}

/**
 * The console's index.html as this service answers it: with a `<meta>` naming the servers its
 * Content-Security-Policy lets the console call (CONSOLE_SERVERS), so that the sign-in page can say
 * so before it tries one; at an address that opens the sign-in form, with the form the build drew,
 * so that the document alone paints it, and there and at the overview with the preloads of the
 * chunks the page opens with (other addresses cannot know whether the tab is signed in, and get no
 * page drawn). Each variant has a policy allowing its inline scripts by their hashes.
 * Prepared once at start (they depend on the settings only), compressed as the build compresses
 * the other files, revalidated by their ETag on every use. At the overview, for a person's session
 * cookie, the overview itself is drawn into the document (overview-drawing.ts, with `ask`): that
 * answer is the person's, compressed for it alone and kept by no cache.
 */
export function consolePage(
  consoleDir: string,
  consoleServers: readonly string[],
  ask?: AskForConsole,
): SendConsolePage {
  const built = takeOverviewDrawings(readFileSync(join(consoleDir, 'index.html'), 'utf8'));
  const source = built.html;
  const drawOverview = ask && overviewDrawer(built.drawings, ask);
  const meta = `<meta name="${CONSOLE_SERVERS_META}" content="${attribute(consoleServers.join(' '))}" />`;
  // Last in <head>: before it, the build's tags stay as Vite wrote them.
  const html = /<\/head>/i.test(source)
    ? source.replace(/<\/head>/i, `${meta}</head>`)
    : `${meta}${source}`;
  const unwrapped = (page: Page) =>
    html.replace(pageTemplate, (_, forPage: string, content: string) =>
      forPage === page ? content : '',
    );
  const overviewHtml = unwrapped('overview');
  const pages = {
    'sign-in': prepare(unwrapped('sign-in'), consoleServers),
    overview: prepare(overviewHtml, consoleServers),
    other: prepare(unwrapped('other'), consoleServers),
  };
  const send = (req: FastifyRequest, reply: FastifyReply, body: (e: Encoding) => Buffer) => {
    const encoding = encodingFor(req);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body(encoding));
  };
  return async (req, reply) => {
    const page = pageOf(req.url);
    const { bodies, etag, policy } = pages[page];
    reply.type('text/html; charset=utf-8').header('content-security-policy', policy);
    // The overview is drawn for a person's session cookie: a page of theirs, kept by no cache,
    // compressed in the one encoding it is sent in.
    const drawn =
      page === 'overview' && req.method === 'GET' ? await drawOverview?.(req) : undefined;
    if (drawn !== undefined) {
      reply.header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
      // A function, not the string: the drawing's `$&` or `` $` `` would be read as a pattern.
      const html = overviewHtml.replace(overviewDrawingSlot, () => drawn);
      return send(req, reply, (encoding) => encoded(html, encoding, false));
    }
    reply
      .header('cache-control', 'no-cache')
      .header('vary', page === 'overview' ? 'accept-encoding, cookie' : 'accept-encoding')
      .header('etag', etag);
    if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return send(req, reply, (encoding) => bodies[encoding]);
  };
}
