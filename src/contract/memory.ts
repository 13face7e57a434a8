import { z } from 'zod';
import {
  documentNeedsOrganization,
  epochMs,
  itemList,
  itemResultMap,
  itemResultWithId,
  pageSize,
  pageTokenSchema,
  uniqueBy,
} from './common';
import { id, idRef } from './ids';
import { endpoint } from './endpoint';

export const MAX_QUERY_LENGTH = 2000;
export const MAX_JUDGMENT_TEXT_LENGTH = 10_000;
/** Get Judgments' page bounds (DESIGN.md). */
export const MAX_JUDGMENTS_PAGE_SIZE = 100;
export const DEFAULT_JUDGMENTS_PAGE_SIZE = 50;
/** The precedent a suggestion names, best first (beyond the hosted product). */
export const MAX_SUPPORTING_JUDGMENTS = 20;

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
  /**
   * The judgments the suggestion drew on, best first (at most 20): beyond the hosted product,
   * optional so that another server's answer still parses.
   */
  supportingJudgmentIds: z.array(z.string()).max(MAX_SUPPORTING_JUDGMENTS).optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestDecisionRequest = z
  .object({
    query: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
    organizationId: idRef().optional(),
    documentId: idRef().optional(),
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

export const getJudgmentsRequest = z
  .object({
    organizationId: idRef().optional(),
    documentId: idRef().optional(),
    decision: decisionSchema.optional(),
    /** A filter beyond DESIGN.md's shape: one reviewer's judgments. */
    reviewerId: idRef().optional(),
    pageSize: pageSize(MAX_JUDGMENTS_PAGE_SIZE).optional(),
    pageToken: pageTokenSchema().optional(),
  })
  .refine(documentNeedsOrganization.check, documentNeedsOrganization.params);
export type GetJudgmentsRequest = z.input<typeof getJudgmentsRequest>;

/** A stored judgment as Get Judgments answers it. */
export const judgmentSchema = z.object({
  judgmentId: z.string(),
  organizationId: z.string().nullable(),
  documentId: z.string().nullable(),
  text: z.string(),
  decision: decisionSchema,
  reason: z.string().nullable(),
  reviewerId: z.string(),
  /** Epoch milliseconds; the order of the list (newest first). */
  decidedAt: z.number(),
  /** The activity the judgment was derived from; null for one added through Add Judgments. */
  activityId: z.string().nullable(),
});
export type Judgment = z.infer<typeof judgmentSchema>;

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
  write: true,
  auth: 'apiKey',
  area: 'memory',
  envelope: 'A',
  extension: true,
  request: addJudgmentsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});

export const getJudgments = endpoint({
  name: 'Get Judgments',
  path: '/v2/memory/judgments/get',
  auth: 'apiKey',
  area: 'memory',
  envelope: 'A',
  extension: true,
  request: getJudgmentsRequest,
  data: z.array(judgmentSchema),
  pageField: 'nextPageToken',
  errors: ['INVALID_ARGUMENT'],
});
