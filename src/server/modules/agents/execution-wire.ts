import type { z } from 'zod';
import type { AgentExecution, newAgentExecutionSchema } from '#contract/agents';
import type { ExecutionRow } from './store';

export type NewExecution = z.output<typeof newAgentExecutionSchema>;

/** The row of an execution as a caller records it; `durationMs` follows from the times. */
export function rowOf(apiKeyId: string, e: NewExecution): ExecutionRow {
  const completedAt = e.completedAt ?? null;
  return {
    apiKeyId,
    executionId: e.id,
    organizationId: e.organizationId ?? null,
    documentId: e.documentId ?? null,
    agentId: e.agentId,
    agentName: e.agentName,
    agentVersion: e.agentVersion,
    status: e.status,
    message: e.message,
    startedAt: e.startedAt,
    completedAt,
    durationMs: completedAt === null ? null : completedAt - e.startedAt,
    trigger: e.trigger,
    metadata: e.metadata ?? null,
    llmModel: e.llmModel ?? null,
    tokenUsage: e.tokenUsage ?? null,
    resultsSummary: e.resultsSummary ?? null,
    error: e.error ?? null,
  };
}

/** An execution as List Agent Executions answers it; what was not recorded stays absent. */
export function executionOf(row: ExecutionRow): AgentExecution {
  const optional = {
    organizationId: row.organizationId,
    documentId: row.documentId,
    metadata: row.metadata,
    llmModel: row.llmModel,
    tokenUsage: row.tokenUsage,
    resultsSummary: row.resultsSummary,
    error: row.error,
  };
  return {
    id: row.executionId,
    agentId: row.agentId,
    agentName: row.agentName,
    agentVersion: row.agentVersion,
    status: row.status,
    message: row.message,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    durationMs: row.durationMs,
    trigger: row.trigger,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null)),
  };
}
