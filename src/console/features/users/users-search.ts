import { z } from 'zod';
import { filterParam, idsParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const usersSearchSchema = z.object({
  /** The organization whose users are listed; the key's first when not given. */
  organization: textParam,
  /** Only the users with access to this document… */
  document: textParam,
  /** …or to this folder (Get Users takes one of the two). */
  folder: textParam,
  /** User IDs, one a line (an id may hold spaces and commas). */
  users: idsParam,
  /** Group IDs, one a line. */
  groups: idsParam,
  /** `documents`: the users of every document, grouped by document. */
  view: filterParam(z.literal('documents')),
});
export type UsersSearch = z.output<typeof usersSearchSchema>;
