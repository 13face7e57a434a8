import { z } from 'zod';
import { filterParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small.

/** Levels each expansion of the tree reads (Get Folders' maxDepth). */
export const LOAD_DEPTHS = [1, 2, 3, 5] as const;
export type LoadDepth = (typeof LOAD_DEPTHS)[number];

export const foldersSearchSchema = z.object({
  /** The organization whose tree is shown; the key's first when not given. */
  organization: textParam,
  /** The folder selected in the tree, with its path opened. */
  folder: textParam,
  /** Levels per expansion; 1 when not given. */
  depth: filterParam(z.union(LOAD_DEPTHS.map((depth) => z.literal(depth)))),
  /** `v1`: the selected folder as a v1 caller reads it. */
  view: filterParam(z.literal('v1')),
});
export type FoldersSearch = z.output<typeof foldersSearchSchema>;
