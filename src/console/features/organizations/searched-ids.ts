import { MAX_ORGANIZATION_FILTER_IDS } from '../../../contract/organizations';

// Apart from the search schema, which the route's eager part loads: this reads the contract.

/**
 * The ids of the search box, each once, or why they cannot be searched: Get Organizations takes
 * at most MAX_ORGANIZATION_FILTER_IDS.
 */
export function searchedIds(text: string | undefined): {
  ids: string[] | undefined;
  problem?: string;
} {
  const ids = [...new Set((text ?? '').split(/[\s,]+/).filter(Boolean))];
  if (ids.length === 0) return { ids: undefined };
  if (ids.length > MAX_ORGANIZATION_FILTER_IDS) {
    return {
      ids: undefined,
      problem: `Search at most ${MAX_ORGANIZATION_FILTER_IDS} ids at once (${ids.length} given).`,
    };
  }
  return { ids };
}
