import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

/** Epoch milliseconds, as the wire carries them and as the keyset position compares them. */
const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * Agent executions recorded by Add Agent Executions, one row per execution id of an API key. The
 * organization and document are optional and need not exist (no foreign key, like the other
 * feature data): Delete Organizations empties the table by `organization-data.ts`, a document
 * migration moves it by `DOCUMENT_REFERENCES`.
 *
 * List Agent Executions pages in (started_at, execution_id) order, narrowed by any of agent,
 * organization, document and status: one index per equality prefix that a list uses, each ending
 * in the order's columns so that a page is an index range whatever its depth. Shapes without their
 * own index (three or four filters, a document with agent or status) read the index of their most
 * selective filter and check the others on its rows.
 */
export const agentExecutions = pgTable(
  'agent_executions',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    executionId: text('execution_id').notNull(),
    organizationId: text('organization_id'),
    documentId: text('document_id'),
    agentId: text('agent_id').notNull(),
    agentName: text('agent_name').notNull(),
    agentVersion: integer('agent_version').notNull(),
    status: text('status', {
      enum: ['running', 'passed', 'failed', 'error', 'skipped'],
    }).notNull(),
    message: text('message').notNull(),
    startedAt: epochMs('started_at').notNull(),
    completedAt: epochMs('completed_at'),
    durationMs: epochMs('duration_ms'),
    trigger: text('trigger').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    llmModel: text('llm_model'),
    tokenUsage: jsonb('token_usage').$type<{ input: number; output: number }>(),
    resultsSummary: jsonb('results_summary').$type<{
      severityCounts: Record<string, number>;
      findings: Record<string, unknown>[];
    }>(),
    error: jsonb('error').$type<{ code: string; message: string; retryable: boolean }>(),
  },
  (t) => [
    primaryKey({ name: 'agent_executions_pk', columns: [t.apiKeyId, t.executionId] }),
    index('agent_executions_time_idx').on(t.apiKeyId, t.startedAt, t.executionId),
    index('agent_executions_agent_idx').on(t.apiKeyId, t.agentId, t.startedAt, t.executionId),
    index('agent_executions_status_idx').on(t.apiKeyId, t.status, t.startedAt, t.executionId),
    index('agent_executions_agent_status_idx').on(
      t.apiKeyId,
      t.agentId,
      t.status,
      t.startedAt,
      t.executionId,
    ),
    // An organization's executions: its list, and the deletion of the organization.
    index('agent_executions_organization_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.startedAt,
      t.executionId,
    ),
    index('agent_executions_organization_agent_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.agentId,
      t.startedAt,
      t.executionId,
    ),
    index('agent_executions_organization_status_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.status,
      t.startedAt,
      t.executionId,
    ),
    // A document's executions (a document of an organization: Add Agent Executions refuses a
    // document without one), and what a migration moves.
    index('agent_executions_organization_document_idx').on(
      t.apiKeyId,
      t.organizationId,
      t.documentId,
      t.startedAt,
      t.executionId,
    ),
    // A document id in whichever organization holds it.
    index('agent_executions_document_idx').on(t.apiKeyId, t.documentId, t.startedAt, t.executionId),
  ],
);
