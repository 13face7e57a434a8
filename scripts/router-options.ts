/**
 * Where the console's file routes are and the tree generated from them: the router plugin
 * (vite.config.ts) and the area scaffold (scripts/new-area.ts) generate the same tree from these.
 */
export const routerOptions = {
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: 'src/console/routes',
  generatedRouteTree: 'src/console/route-tree.gen.ts',
  quoteStyle: 'single',
} as const;
