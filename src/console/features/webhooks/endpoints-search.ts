import { z } from 'zod';
import { filterParam, sortParam, textParam } from '../../lib/list-search';
import type { Sort } from '../../lib/list-sort';

// The route validates these search params before the page loads, so this file stays small.

export const endpointSortFields = ['url', 'status', 'createdAt', 'updatedAt'] as const;
export type EndpointSortField = (typeof endpointSortFields)[number];
/** The service's own order: creation. */
export const defaultEndpointSort: Sort<EndpointSortField> = { by: 'createdAt', desc: false };

export const endpointsSearchSchema = z.object({
  /** Text in the URL, description or UID. */
  q: textParam,
  status: filterParam(z.enum(['enabled', 'disabled'])),
  sort: sortParam(endpointSortFields),
});
export type EndpointsSearch = z.output<typeof endpointsSearchSchema>;

export const messagesSearchSchema = z.object({
  status: filterParam(z.enum(['pending', 'delivered', 'failed'])),
  /** The message whose attempts and payload are open. */
  message: filterParam(z.string().min(1).max(200)),
});
export type MessagesSearch = z.output<typeof messagesSearchSchema>;
