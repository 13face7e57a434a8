import { z } from 'zod';
import { idsParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const organizationsSearchSchema = z.object({
  /** Organization ids, one a line (an id may hold spaces and commas). */
  ids: idsParam,
});
export type OrganizationsSearch = z.output<typeof organizationsSearchSchema>;
