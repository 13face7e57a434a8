import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { firstPaintHtml, pageModules } from './scripts/first-paint-html';
import { pagePathModules } from './scripts/page-path-chunks';
import { precompressDir } from './scripts/precompress';
import { routerOptions } from './scripts/router-options';

/** Matches the modules of the named packages, for the chunk groups below. */
function vendor(...packages: string[]): RegExp {
  const names = packages.map((name) => name.replace('/', '[\\\\/]')).join('|');
  return new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
}

/** The console's own modules and the contract it shares with the service. */
const consoleSource = /^(?!.*node_modules).*[\\/]src[\\/](console|contract)[\\/]/;
const entryModule = /[\\/]src[\\/]console[\\/]main\.tsx$/;

/** The chunk groups below that the entry loads: the first load has them before any page. */
const firstLoadGroups = new Set(['react', 'router', 'query', 'zod', 'console']);
const firstLoadChunk = /(^|\/)i-[^/]*\.js$/;

/** The guard's and the shell's modules, which every signed-in page opens with. */
const shellModules = pageModules.overview.filter((module) => !module.includes('/_app/'));
const entrySource = 'src/console/main.tsx';
const signInModules = [...pageModules['sign-in'], entrySource];
/** Any route's code, and what every page loads first. */
const anyPage = (id: string, root: string) =>
  /[\\/]src[\\/]console[\\/]routes[\\/].*\?tsr-split=/.test(id) || id === `${root}/${entrySource}`;
/**
 * The modules only the shell imports, beside the sign-in page's, and those only the overview
 * imports, for the `shell` and `overview` groups below.
 */
const shellPath = pagePathModules(
  shellModules,
  (id, root) => signInModules.some((module) => id === `${root}/${module}`),
  consoleSource,
);
const overviewPath = pagePathModules(
  pageModules.overview.filter((module) => !shellModules.includes(module)),
  anyPage,
  consoleSource,
);

/** Brotli and gzip copies of the built files, which the service sends by accept-encoding. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const written = precompressDir(outDir);
      this.info(`precompressed ${written.length} files (brotli, gzip)`);
    },
  };
}

/** The service the dev server forwards API calls to (`npm run serve` listens there). */
const service = 'http://127.0.0.1:8787';

export default defineConfig({
  // #contract/…, #server/…, #console/…, #scripts/… (tsconfig.json's paths) instead of long ../
  // climbs.
  resolve: { tsconfigPaths: true },
  plugins: [
    // The router plugin must run before react() so that it can split route files first.
    tanstackRouter(routerOptions),
    react(),
    tailwindcss(),
    firstPaintHtml(),
    shellPath.plugin,
    overviewPath.plugin,
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads the manifest to find each route's chunks and their imports.
    manifest: true,
    // Every browser the console supports preloads modules natively; the polyfill would ride in the
    // sign-in page's first load, which sits at its budget.
    modulePreload: {
      polyfill: false,
      // A lazy page's preload list leaves out the chunks of the first load (named `i-…` below):
      // they are loaded already, and every page's list rides in the first load. index.html lists
      // them all, so that they travel with the entry instead of a round trip after it.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !firstLoadChunk.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Hash-only names: the entry lists every route's files for preloading, and each name rides
        // in the console's first load (the names stay in the build manifest).
        // (`i-` marks the chunks of the first load, which no page's preload list repeats.)
        chunkFileNames: (chunk) =>
          firstLoadGroups.has(chunk.name) ? 'assets/i-[hash].js' : 'assets/[hash].js',
        codeSplitting: {
          // Libraries in chunks of their own, so each page loads the ones it uses. Left to
          // itself, Rolldown merged the form library into a chunk that the sign-in page imports,
          // although only forms that load later use it (see scripts/bundle-budget.mjs). Higher
          // priority first; a group also takes the dependencies no earlier group took.
          groups: [
            { name: 'react', test: vendor('react', 'react-dom', 'scheduler'), priority: 4 },
            {
              name: 'router',
              test: vendor('@tanstack/react-router', '@tanstack/router-core', '@tanstack/history'),
              priority: 3,
            },
            {
              name: 'query',
              test: vendor('@tanstack/query-core', '@tanstack/react-query'),
              priority: 3,
            },
            { name: 'zod', test: vendor('zod'), priority: 3 },
            { name: 'forms', test: vendor('react-hook-form', '@hookform/resolvers'), priority: 2 },
            {
              name: 'dialog',
              test: /node_modules[\\/](@radix-ui|react-remove-scroll)/,
              priority: 2,
            },
            // The console's own modules of the first load, in one chunk. Left to itself, Rolldown
            // put those that later chunks also import into a dozen chunks of 200 to 1,400 bytes,
            // each gzipped alone, which cost the sign-in page 1.9 kB of its 150.
            {
              name: 'console',
              // The entry module stays the entry chunk, which the page's script tag loads.
              test: (id) => consoleSource.test(id) && !entryModule.test(id),
              tags: ['$initial'],
              priority: 1,
            },
            // The console's modules the shell and the overview import, beyond the first load, in
            // one chunk: HTTP/1.1 fetches six files at a time, and left to itself Rolldown made
            // three dozen small chunks of them, which arrived in one wave per round trip.
            {
              name: 'shell',
              test: shellPath.test,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            {
              name: 'overview',
              test: overviewPath.test,
              // Its modules' imports stay where they are: the sign-in page and other routes import
              // some of them, and would load the whole group with them.
              includeDependenciesRecursively: false,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/v1', '/v2', '/dev', '/openapi.json', '/healthz', '/readyz', '/metrics'].map((prefix) => [
        prefix,
        service,
      ]),
    ),
  },
});
