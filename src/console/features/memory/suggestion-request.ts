import { type SuggestDecisionRequest, suggestDecisionRequest } from '#contract/memory';
import type { MemorySearch } from './memory-search';

/**
 * Suggest Decision's request for the question in the address, or the rule it breaks (an address
 * edited by hand can name a document without its organization); nothing when no question is asked.
 */
export function suggestionRequest(
  search: MemorySearch,
): { request: SuggestDecisionRequest } | { problem: string } | undefined {
  const query = search.q?.trim();
  if (!query) return undefined;
  const request: SuggestDecisionRequest = {
    query,
    ...(search.organization ? { organizationId: search.organization } : {}),
    ...(search.document ? { documentId: search.document } : {}),
  };
  const parsed = suggestDecisionRequest.safeParse(request);
  if (parsed.success) return { request };
  const issue = parsed.error.issues[0];
  return { problem: `${issue?.path.join('.') ?? 'query'} ${issue?.message ?? 'is not valid'}.` };
}
