import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The service the dev server forwards API calls to (`npm run serve` listens there). */
const service = 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so that it can split route files first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/console/routes',
      generatedRouteTree: 'src/console/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: Object.fromEntries(
      ['/v1', '/v2', '/dev', '/openapi.json', '/healthz'].map((prefix) => [prefix, service]),
    ),
  },
});
