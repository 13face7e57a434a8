import type { Services } from '../services';
import type { Route } from './route';

/**
 * One area of the service, registered the same way as every other: `service-modules.ts` gives
 * each area of the contract's registry its module and binds their routes. A module's rules and
 * stores take `Services`; modules never import each other (lint enforces it) and share only
 * `http/`, `db/`, `events/`, `jobs/` and `crypto/`.
 */
export interface ServiceModule {
  /** The routes of the area's endpoints, and only of that area's. */
  routes(s: Services): readonly Route[];
}
