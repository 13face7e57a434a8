import { z } from 'zod';
import { filterParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const userDataSearchSchema = z.object({
  /** The organization the user is found in; the key's first when not given. */
  organization: textParam,
  /** The user whose data is exported (and, by default, erased). */
  user: textParam,
  /** The export's file: a JSON document (the default) or JSON Lines. */
  format: filterParam(z.literal('jsonl')),
  /** The erasure job followed on the page, so that its progress survives a reload. */
  job: textParam,
});
export type UserDataSearch = z.output<typeof userDataSearchSchema>;
