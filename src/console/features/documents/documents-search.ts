import { z } from 'zod';
import { idsParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const documentsSearchSchema = z.object({
  /** The organization whose documents are listed; the key's first when not given. */
  organization: textParam,
  /** Only the documents of this folder. */
  folder: textParam,
  /** Document IDs, one a line (an id may hold spaces and commas). */
  ids: idsParam,
});
export type DocumentsSearch = z.output<typeof documentsSearchSchema>;
