import type { Area } from '../../contract/endpoint';
import type { Services } from '../services';
import type { Route } from './route';

/**
 * One area of the service, registered the same way as every other: `app.ts` lists the modules
 * and binds their routes. A module's rules and stores take `Services`; modules never import each
 * other (lint enforces it) and share only `http/`, `db/`, `events/`, `jobs/` and `crypto/`.
 */
export interface ServiceModule {
  area: Area;
  routes(s: Services): readonly Route[];
}
