import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * The "page not found" page, loaded when an address turns out to be no page: the routes that may
 * answer one name it, and none of them needs it in the console's first load.
 */
export const LazyNotFound = lazyRouteComponent(() => import('./not-found'), 'NotFound');
