import { MAX_ORGANIZATION_FILTER_IDS } from '#contract/organizations';
import { idsFromText } from '../../lib/id-search';

// Apart from the search schema, which the route's eager part loads: this reads the contract.

/** The organization IDs of the search box, at most as many as Get Organizations takes. */
export const searchedIds = (text: string | undefined) =>
  idsFromText(text, MAX_ORGANIZATION_FILTER_IDS);
