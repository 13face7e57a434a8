import { type Decision, type GetJudgmentsRequest, decisionSchema } from '#contract/memory';
import type { MemorySearch } from './memory-search';

/**
 * Get Judgments' request for the address's filters, and the rule they break: a document is only
 * looked for within an organization (the contract says so), so without one it is left out.
 */
export function judgmentsFilter(search: MemorySearch): {
  request: GetJudgmentsRequest;
  decision: Decision | undefined;
  problem?: string;
} {
  const decision = decisionSchema.safeParse(search.decision).data;
  const organizationId = search.judgmentsOrganization;
  const documentId = organizationId ? search.judgmentsDocument : undefined;
  return {
    request: {
      ...(organizationId ? { organizationId } : {}),
      ...(documentId ? { documentId } : {}),
      ...(decision ? { decision } : {}),
      ...(search.reviewer ? { reviewerId: search.reviewer } : {}),
    },
    decision,
    ...(search.judgmentsDocument && !organizationId
      ? { problem: 'Choose an organization to filter by document.' }
      : {}),
  };
}

/** Whether any filter narrows the list. */
export const isFiltered = (search: MemorySearch) =>
  [search.judgmentsOrganization, search.judgmentsDocument, search.decision, search.reviewer].some(
    (value) => value !== undefined,
  );
