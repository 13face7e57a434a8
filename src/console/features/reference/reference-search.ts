import { z } from 'zod';
import { textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const referenceSearchSchema = z.object({
  /** Words that an endpoint's name, path or area must contain. */
  q: textParam,
  /** Only the endpoints of this area. */
  area: textParam,
  /** The path of the endpoint shown open. */
  endpoint: textParam,
});
export type ReferenceSearch = z.output<typeof referenceSearchSchema>;
