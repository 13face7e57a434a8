import { z } from 'zod';
import { textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

export const documentsSearchSchema = z.object({
  /** The organization whose documents are listed; the key's first when not given. */
  organization: textParam,
  /** Only the documents of this folder. */
  folder: textParam,
  /** Document IDs, separated by spaces or commas. */
  ids: textParam,
});
export type DocumentsSearch = z.output<typeof documentsSearchSchema>;
