// Measures the built console against its budgets (issue 5), from Vite's build manifest:
//   - the sign-in page's initial JavaScript (the entry chunk, the sign-in route's chunk and every
//     chunk they import statically) is at most 150 KB gzipped;
//   - each route's JavaScript is at most 60 KB gzipped: its own split chunks plus the shared chunks
//     they import that the entry does not already load, i.e. what opening it costs after the entry.
//     Chunks loaded on demand inside a page (a dialog) are held to the same limit.
// Prints a table and exits 1 when something is over budget. Run after `vite build`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
// Kilobytes of 1000 bytes, as Vite reports them (the stricter reading of "150 KB").
const kB = 1000;
const budgets = { initial: 150 * kB, route: 60 * kB };
const signInRoute = 'sign-in.tsx';
const routeSource = /^src\/console\/routes\/(.+?)\?tsr-split=(.+)$/;

if (!existsSync(manifestPath)) {
  console.error(
    `bundle budget: ${manifestPath} is missing; build with build.manifest: true first.`,
  );
  process.exit(1);
}

/** @type {Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizes = new Map();
function size(key) {
  if (!sizes.has(key)) {
    const bytes = readFileSync(join(dist, manifest[key].file));
    // zlib's default level, as a web server compresses on the fly.
    sizes.set(key, { raw: bytes.length, gzip: gzipSync(bytes).length });
  }
  return sizes.get(key);
}

/** The chunks and everything they import statically, transitively. */
function withStaticImports(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function total(keys) {
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    raw += size(key).raw;
    gzip += size(key).gzip;
  }
  return { raw, gzip };
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) {
  console.error('bundle budget: the manifest has no entry chunk.');
  process.exit(1);
}
const entryLoad = withStaticImports([entry]);

// Route chunks, grouped by route file (autoCodeSplitting splits component, errorComponent, …).
const routes = new Map();
for (const [key, chunk] of Object.entries(manifest)) {
  const match = chunk.src && routeSource.exec(chunk.src);
  if (!match) continue;
  const [, file] = match;
  routes.set(file, [...(routes.get(file) ?? []), key]);
}
const signInChunks = routes.get(signInRoute);
if (!signInChunks) {
  console.error(`bundle budget: no chunk of the route ${signInRoute} in the manifest.`);
  process.exit(1);
}

// Chunks that pages load on demand (React.lazy), other than the routes themselves.
const routeChunks = new Set([...routes.values()].flat());
const lazy = new Set();
for (const [key, chunk] of Object.entries(manifest)) {
  if (key === entry) continue;
  for (const imported of chunk.dynamicImports ?? []) {
    if (!routeChunks.has(imported)) lazy.add(imported);
  }
}

const rows = [];
function row(name, keys, limit, own) {
  const { raw, gzip } = total(keys);
  rows.push({ name, files: keys.size ?? keys.length, raw, own, gzip, limit, over: gzip > limit });
}

row(
  'sign-in initial (entry + sign-in route + static imports)',
  withStaticImports([entry, ...signInChunks]),
  budgets.initial,
);
for (const [file, chunks] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
  const firstVisit = [...withStaticImports(chunks)].filter((key) => !entryLoad.has(key));
  row(`route ${file}`, firstVisit, budgets.route, total(chunks).gzip);
}
for (const key of [...lazy].sort()) {
  const onDemand = [...withStaticImports([key])].filter((chunk) => !entryLoad.has(chunk));
  row(`lazy ${manifest[key].src ?? manifest[key].file}`, onDemand, budgets.route, size(key).gzip);
}

const k = (bytes) => (bytes / kB).toFixed(1);
const header = ['chunk set', 'files', 'raw kB', 'own gz kB', 'gzip kB', 'budget kB', ''];
const table = rows.map((r) => [
  r.name,
  String(r.files),
  k(r.raw),
  r.own === undefined ? '' : k(r.own),
  k(r.gzip),
  k(r.limit),
  r.over ? 'OVER' : 'ok',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
const line = (cells) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const cells of table) console.log(line(cells));
// The first load in bytes: a change of a few dozen is invisible in the table's tenths of a kB.
const [initial] = rows;
console.log(`\nsign-in initial: ${initial.gzip} of ${initial.limit} bytes gzip`);
console.log(
  '\nroute rows: gzip = the route’s own chunks (own) plus shared chunks it imports that the entry does not load.',
);

const over = rows.filter((r) => r.over);
if (over.length > 0) {
  console.error(
    `\nbundle budget: ${over.length} over budget: ${over.map((r) => r.name).join(', ')}`,
  );
  process.exit(1);
}
console.log('bundle budget: ok');
