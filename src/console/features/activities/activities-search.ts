import { z } from 'zod';
import { filterParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const activitiesSearchSchema = z.object({
  /** The organization whose activities are listed; the key's first when not given. */
  organization: textParam,
  /** Only the activities of this document… */
  document: textParam,
  /** …of these feature types (separated by spaces or commas)… */
  features: textParam,
  /** …of these action types… */
  actions: textParam,
  /** …by this user. */
  user: textParam,
  /** Oldest first; newest first when not given (Get Activity Logs' default). */
  order: filterParam(z.literal('asc')),
});
export type ActivitiesSearch = z.output<typeof activitiesSearchSchema>;
