import { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type KeySegment,
  type WorkspacePath,
  areas,
  keyPages,
  workspacePages,
} from '#contract/areas';
import { type FileRoutesByTo, routeTree } from './route-tree.gen';

// The router as the console builds it from the route files (the generated tree): a page that the
// area registry names but no route file draws would open the key's "Page not found" instead.
const router = createRouter({ routeTree, context: { queryClient: new QueryClient() } });
const routes = new Map<string, AnyRoute>(Object.entries(router.routesByPath));

/** The addresses of an area's console pages, as the navigation links to them. */
function pagesOf(area: string): string[] {
  return [
    ...keyPages
      .filter((page) => page.area === area)
      .map((page) => `/keys/$apiKeyId/${page.segment}`),
    ...workspacePages.filter((page) => page.area === area).map((page) => page.path),
  ];
}

describe('the console', () => {
  it.each(areas)('has a route that draws each page of the area %s', (area) => {
    const pages = pagesOf(area);
    expect(pages.length).toBeGreaterThan(0);
    for (const path of pages) {
      expect(routes.get(path), `the route of ${path}`).toBeDefined();
      expect(routes.get(path)?.options.component, `the page drawn at ${path}`).toBeDefined();
    }
  });

  it('has them as types too, so that typecheck refuses a page without its route', () => {
    type Pages = `/keys/$apiKeyId/${KeySegment}` | WorkspacePath;
    expectTypeOf<Exclude<Pages, keyof FileRoutesByTo>>().toBeNever();
  });
});
