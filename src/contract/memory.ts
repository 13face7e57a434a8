import { z } from 'zod';
import {
  documentNeedsOrganization,
  epochMs,
  id,
  itemList,
  itemResultMap,
  itemResultWithId,
  uniqueBy,
} from './common';
import { endpoint } from './endpoint';

export const MAX_QUERY_LENGTH = 2000;
export const MAX_JUDGMENT_TEXT_LENGTH = 10_000;

export const decisionSchema = z.enum(['approve', 'reject']);
export type Decision = z.infer<typeof decisionSchema>;

export const suggestionSchema = z.object({
  recommendation: decisionSchema,
  /** A fraction between 0 and 1. */
  confidence: z.number().min(0).max(1),
  /** How many judgments the suggestion drew on. */
  basedOn: z.number().int(),
  // Only `organization` is shown; reads take any string so another server's scopes still parse.
  scope: z.string(),
  scopeLabel: z.string(),
  topReasons: z.array(z.string()),
  uniqueReviewers: z.number().int(),
  /** Conflict and freshness warnings. */
  caveats: z.array(z.string()),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestDecisionRequest = z
  .object({
    query: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
    organizationId: id().optional(),
    documentId: id().optional(),
  })
  .refine(documentNeedsOrganization.check, documentNeedsOrganization.params);
export type SuggestDecisionRequest = z.input<typeof suggestDecisionRequest>;

export const suggestDecisionResultSchema = z.object({
  primary: suggestionSchema.nullable(),
  conflict: suggestionSchema.nullable(),
});
export type SuggestDecisionResult = z.infer<typeof suggestDecisionResultSchema>;

export const newJudgmentSchema = z
  .object({
    judgmentId: id().optional(),
    organizationId: id().optional(),
    documentId: id().optional(),
    text: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_JUDGMENT_TEXT_LENGTH, `must be at most ${MAX_JUDGMENT_TEXT_LENGTH} characters`),
    decision: decisionSchema,
    reason: z
      .string()
      .max(MAX_JUDGMENT_TEXT_LENGTH, `must be at most ${MAX_JUDGMENT_TEXT_LENGTH} characters`)
      .optional(),
    reviewerId: id(),
    /** Epoch milliseconds, like every other timestamp of the collaboration data; now when omitted. */
    decidedAt: epochMs.optional(),
  })
  .refine(documentNeedsOrganization.check, documentNeedsOrganization.params);

export const addJudgmentsRequest = z.object({
  judgments: itemList(newJudgmentSchema).superRefine(uniqueBy((j) => j.judgmentId)),
});
export type AddJudgmentsRequest = z.input<typeof addJudgmentsRequest>;

export const suggestDecision = endpoint({
  name: 'Suggest Decision',
  path: '/v2/memory/suggest',
  auth: 'apiKey',
  area: 'memory',
  envelope: 'B',
  request: suggestDecisionRequest,
  data: suggestDecisionResultSchema,
  errors: [],
});

export const addJudgments = endpoint({
  name: 'Add Judgments',
  path: '/v2/memory/judgments/add',
  auth: 'apiKey',
  area: 'memory',
  envelope: 'A',
  extension: true,
  request: addJudgmentsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});
