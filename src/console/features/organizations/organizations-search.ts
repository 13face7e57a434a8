import { z } from 'zod';
import { textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const organizationsSearchSchema = z.object({
  /** Organization ids, separated by spaces or commas. */
  ids: textParam,
});
export type OrganizationsSearch = z.output<typeof organizationsSearchSchema>;
