// The smallest page that does what the signed-in overview does before its content is drawn: a
// document whose inline script asks who is signed in and then for the workspace (two API calls
// that wait on each other, as the overview's data does), and ONE script file of as many bytes on
// the wire as the console's JavaScript, which draws the name once both it and the answers are
// there. No framework runs: what it takes after the document is the network's alone (latency,
// bandwidth), which bounds any page of this many bytes on the profile, however it is split. With
// one call instead of two, it shows what answering both in one request would leave.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const floorWorkspaceName = 'Floor workspace';

/** A script of about `gzipBytes` on the wire: random text does not compress much further. */
function scriptOfSize(gzipBytes: number): Buffer {
  const draw = `window.early.then((w) => { document.getElementById('root').textContent = w.name; });`;
  let raw = Math.round(gzipBytes * 1.3);
  for (;;) {
    const pad = randomBytes(Math.ceil((raw * 3) / 4))
      .toString('base64')
      .slice(0, raw);
    const body = gzipSync(`const pad = '${pad}';\n${draw}\n`);
    if (body.length >= gzipBytes) return body;
    raw = Math.round(raw * (gzipBytes / body.length) * 1.01);
  }
}

/** Two calls, the second waiting for the first's answer; or one that answers both. */
const calls = {
  2: `fetch('/session', { method: 'POST', body: '{}' })
  .then((r) => r.json())
  .then((s) => fetch('/workspace', { method: 'POST', body: JSON.stringify({ id: s.workspaceId }) }))`,
  1: `fetch('/workspace', { method: 'POST', body: '{}' })`,
};

const documentHtml = (count: 1 | 2) => `<!doctype html><html><head><meta charset="utf-8">
<title>floor</title><script>window.early = ${calls[count]}.then((r) => r.json());</script>
<script type="module" src="/app.js"></script></head>
<body><div id="root"></div></body></html>`;

export async function startFloorPage(
  scriptGzipBytes: number,
  /** 2: Get Current Session, then Get Workspace, as the overview's data needs; 1: one call. */
  callCount: 1 | 2 = 2,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = scriptOfSize(scriptGzipBytes);
  const json = (res: ServerResponse, value: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.once('end', () => {
      if (req.url === '/app.js') {
        res.writeHead(200, {
          'content-type': 'text/javascript',
          'content-encoding': 'gzip',
          'content-length': script.length,
        });
        res.end(script);
      } else if (req.url === '/session') json(res, { workspaceId: 'w1' });
      else if (req.url === '/workspace') json(res, { name: floorWorkspaceName });
      else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(documentHtml(callCount));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
