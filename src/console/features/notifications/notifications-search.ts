import { z } from 'zod';
import { filterParam, idsParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const notificationsSearchSchema = z.object({
  /** The organization whose notifications are listed; the key's first when not given. */
  organization: textParam,
  /** Only the notifications of this document… */
  document: textParam,
  /** …at this location in it… */
  location: textParam,
  /** …in this user's inbox… */
  user: textParam,
  /** …with these IDs (one a line). */
  ids: idsParam,
  /** Oldest first; newest first when not given (Get Notifications' default). */
  order: filterParam(z.literal('asc')),
});
export type NotificationsSearch = z.output<typeof notificationsSearchSchema>;
