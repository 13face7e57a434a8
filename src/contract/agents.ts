import { z } from 'zod';
import {
  documentNeedsOrganization,
  epochMs,
  id,
  itemList,
  itemResultMap,
  itemResultWithId,
  pageTokenSchema,
  uniqueBy,
} from './common';
import { endpoint } from './endpoint';

export const MAX_EXECUTIONS_PAGE = 500;
export const MAX_EXECUTION_MESSAGE_LENGTH = 5000;

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
});
export type AgentExecution = z.infer<typeof agentExecutionSchema>;

export const listAgentExecutionsRequest = z
  .object({
    agentId: id().optional(),
    documentId: id().optional(),
    organizationId: id().optional(),
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

const label = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');

/**
 * An execution as a caller records it. `completedAt` and `durationMs` may be omitted, meaning null,
 * and must be null while the execution runs.
 */
export const newAgentExecutionSchema = z
  .object({
    id: id(),
    agentId: id(),
    agentName: label,
    agentVersion: z.number().int('must be a whole number').min(0, 'must not be negative'),
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
  })
  .refine((e) => e.status !== 'running' || e.completedAt == null, {
    error: 'must be null while status is running',
    path: ['completedAt'],
  })
  .refine((e) => e.status !== 'running' || e.durationMs == null, {
    error: 'must be null while status is running',
    path: ['durationMs'],
  })
  .refine((e) => e.completedAt == null || e.completedAt >= e.startedAt, {
    error: 'must not be before startedAt',
    path: ['completedAt'],
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
  auth: 'apiKey',
  area: 'agents',
  envelope: 'A',
  extension: true,
  request: addAgentExecutionsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});
