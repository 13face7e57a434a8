import type { z } from 'zod';
import type { SuggestDecisionResult, suggestDecisionRequest } from '#contract/memory';
import type { Services } from '../../services';
import { findCandidates } from './candidates';
import { type Scope, suggest } from './scoring';

type SuggestInput = z.output<typeof suggestDecisionRequest>;

/**
 * Suggest Decision: the judgments of the narrowest scope given (the document when documentId
 * and organizationId are, else the organization, else the whole key) that resemble the query,
 * counted by DESIGN.md's rules (scoring.ts). The retrieval stages read outside a transaction
 * (two round trips fewer): a judgment added or deleted between two stages is counted as if the
 * call had come just before or after it, and each judgment counts once.
 */
export async function suggestDecision(
  s: Services,
  apiKeyId: string,
  input: SuggestInput,
): Promise<SuggestDecisionResult> {
  const { organizationId, documentId } = input;
  const scope: Scope =
    organizationId === undefined
      ? 'apiKey'
      : documentId === undefined
        ? 'organization'
        : 'document';
  const candidates = await findCandidates(
    s.db,
    { apiKeyId, organizationId, documentId },
    input.query,
  );
  return suggest(candidates, scope, s.clock().getTime());
}
