import { z } from 'zod';
import {
  documentNeedsOrganization,
  epochMs,
  itemList,
  itemResultMap,
  itemResultWithId,
  jsonObject,
  nameSchema,
  pageTokenSchema,
  uniqueBy,
} from './common';
import { id, idRef } from './ids';
import { endpoint } from './endpoint';

export const MAX_EXECUTIONS_PAGE = 500;
export const DEFAULT_EXECUTIONS_PAGE = 50;
export const MAX_EXECUTION_MESSAGE_LENGTH = 5000;
/** Findings one execution may list in its results summary. */
export const MAX_EXECUTION_FINDINGS = 500;
/** Size of an execution's `metadata`, `resultsSummary` or one finding, as JSON. */
export const MAX_EXECUTION_JSON_BYTES = 64 * 1024;

export const agentExecutionStatusSchema = z.enum([
  'running',
  'passed',
  'failed',
  'error',
  'skipped',
]);
export type AgentExecutionStatus = z.infer<typeof agentExecutionStatusSchema>;

export const agentExecutionSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  agentVersion: z.number().int(),
  status: agentExecutionStatusSchema,
  message: z.string(),
  startedAt: z.number(),
  completedAt: z.number().nullable(),
  durationMs: z.number().nullable(),
  trigger: z.string(),
  // Added by Add Agent Executions (DESIGN.md); absent when the execution was recorded without them.
  organizationId: z.string().optional(),
  documentId: z.string().optional(),
  // The hosted product's newer record (DESIGN.md); absent when not recorded.
  metadata: z.record(z.string(), z.unknown()).optional(),
  llmModel: z.string().optional(),
  tokenUsage: z.object({ input: z.number(), output: z.number() }).optional(),
  resultsSummary: z
    .object({
      severityCounts: z.record(z.string(), z.number()),
      findings: z.array(z.record(z.string(), z.unknown())),
    })
    .optional(),
  error: z.object({ code: z.string(), message: z.string(), retryable: z.boolean() }).optional(),
});
export type AgentExecution = z.infer<typeof agentExecutionSchema>;

export const listAgentExecutionsRequest = z
  .object({
    agentId: idRef().optional(),
    documentId: idRef().optional(),
    organizationId: idRef().optional(),
    status: agentExecutionStatusSchema.optional(),
    pageSize: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_EXECUTIONS_PAGE, `must be at most ${MAX_EXECUTIONS_PAGE}`)
      .optional(),
    cursor: pageTokenSchema().optional(),
    orderDirection: z.enum(['asc', 'desc']).optional(),
  })
  .prefault({});
export type ListAgentExecutionsRequest = z.input<typeof listAgentExecutionsRequest>;

/** An agent's name, a trigger, a model, an error code: one line of at most 200 characters. */
const label = nameSchema(200);

const count = z.number().int('must be a whole number').min(0, 'must not be negative');

/** A JSON object of bounded size: stored as given and answered back. */
const boundedObject = jsonObject.refine(
  (value) => new TextEncoder().encode(JSON.stringify(value)).length <= MAX_EXECUTION_JSON_BYTES,
  `must be at most ${MAX_EXECUTION_JSON_BYTES} bytes as JSON`,
);

export const tokenUsageSchema = z.object({ input: count, output: count });

export const resultsSummarySchema = z.object({
  severityCounts: z.record(z.string().min(1).max(100), count),
  findings: z
    .array(boundedObject)
    .max(MAX_EXECUTION_FINDINGS, `must have at most ${MAX_EXECUTION_FINDINGS} items`),
});

export const executionErrorSchema = z.object({
  code: label,
  message: z
    .string()
    .max(
      MAX_EXECUTION_MESSAGE_LENGTH,
      `must be at most ${MAX_EXECUTION_MESSAGE_LENGTH} characters`,
    ),
  retryable: z.boolean(),
});

/** The largest agent version: the versions are stored as 32-bit integers. */
export const MAX_AGENT_VERSION = 2_147_483_647;

/**
 * An execution as a caller records it. While it runs, `completedAt` and `durationMs` are null (or
 * omitted); once finished, `completedAt` is required and `durationMs` is `completedAt - startedAt`
 * (computed when omitted).
 */
export const newAgentExecutionSchema = z
  .object({
    id: id(),
    agentId: id(),
    agentName: label,
    agentVersion: z
      .number()
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(MAX_AGENT_VERSION, `must be at most ${MAX_AGENT_VERSION}`),
    status: agentExecutionStatusSchema,
    message: z
      .string()
      .max(
        MAX_EXECUTION_MESSAGE_LENGTH,
        `must be at most ${MAX_EXECUTION_MESSAGE_LENGTH} characters`,
      ),
    startedAt: epochMs,
    completedAt: epochMs.nullable().optional(),
    durationMs: z.number().min(0, 'must not be negative').nullable().optional(),
    trigger: label,
    organizationId: id().optional(),
    documentId: id().optional(),
    metadata: boundedObject.optional(),
    llmModel: label.optional(),
    tokenUsage: tokenUsageSchema.optional(),
    resultsSummary: resultsSummarySchema.optional(),
    error: executionErrorSchema.optional(),
  })
  .refine((e) => e.status !== 'running' || e.completedAt == null, {
    error: 'must be null while status is running',
    path: ['completedAt'],
  })
  .refine((e) => e.status !== 'running' || e.durationMs == null, {
    error: 'must be null while status is running',
    path: ['durationMs'],
  })
  .refine((e) => e.status === 'running' || e.completedAt != null, {
    error: 'is required once the execution has finished',
    path: ['completedAt'],
  })
  .refine((e) => e.completedAt == null || e.completedAt >= e.startedAt, {
    error: 'must not be before startedAt',
    path: ['completedAt'],
  })
  .refine(
    (e) =>
      e.durationMs == null || e.completedAt == null || e.durationMs === e.completedAt - e.startedAt,
    { error: 'must be completedAt - startedAt', path: ['durationMs'] },
  )
  // DESIGN.md: `passed` means no findings (`failed` is the status of a run with findings).
  .refine((e) => e.status !== 'passed' || (e.resultsSummary?.findings.length ?? 0) === 0, {
    error: 'must be empty when status is passed',
    path: ['resultsSummary', 'findings'],
  })
  .refine((e) => e.status === 'error' || e.error === undefined, {
    error: 'is only recorded when status is error',
    path: ['error'],
  })
  .refine(documentNeedsOrganization.check, documentNeedsOrganization.params);

export const addAgentExecutionsRequest = z.object({
  executions: itemList(newAgentExecutionSchema).superRefine(uniqueBy((e) => e.id)),
});
export type AddAgentExecutionsRequest = z.input<typeof addAgentExecutionsRequest>;

export const listAgentExecutions = endpoint({
  name: 'List Agent Executions',
  path: '/v2/agents/execution/list',
  auth: 'apiKey',
  area: 'agents',
  envelope: 'B',
  request: listAgentExecutionsRequest,
  data: z.object({
    items: z.array(agentExecutionSchema),
    nextCursor: z.string().nullable(),
    hasMore: z.boolean(),
  }),
  errors: ['INVALID_ARGUMENT'],
});

export const addAgentExecutions = endpoint({
  name: 'Add Agent Executions',
  path: '/v2/agents/execution/add',
  write: true,
  auth: 'apiKey',
  area: 'agents',
  envelope: 'A',
  extension: true,
  request: addAgentExecutionsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});
