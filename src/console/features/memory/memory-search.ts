import { z } from 'zod';
import { filterParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small (no
// contract import: the bounds below repeat the contract's, which checks them again on sending).

export const memorySearchSchema = z.object({
  /**
   * The question asked of Suggest Decision (its `query`, at most 2,000 characters); blank: none.
   * Trimmed where it is read, which keeps this schema (in the first page load) smaller.
   */
  q: filterParam(z.string().max(2000)),
  /** The suggestion's organization, and its document (which needs the organization). */
  organization: textParam,
  document: textParam,
  /** The judgments list's filters (Get Judgments'). */
  judgmentsOrganization: textParam,
  judgmentsDocument: textParam,
  /** `approve` or `reject`; the page ignores anything else (checked there, with the contract). */
  decision: textParam,
  reviewer: textParam,
});
export type MemorySearch = z.output<typeof memorySearchSchema>;
