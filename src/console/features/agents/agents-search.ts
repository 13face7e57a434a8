import { z } from 'zod';
import { filterParam, sortParam, textParam } from '../../lib/list-search';
import type { Sort } from '../../lib/list-sort';

// The route validates these search params before the page loads, so this file stays small (it
// must not import the contract, which would ride in every page's first load).

export const executionStatuses = ['running', 'passed', 'failed', 'error', 'skipped'] as const;
export type ExecutionStatus = (typeof executionStatuses)[number];

/** List Agent Executions sorts by start time only, in either direction. */
export const executionSortFields = ['startedAt'] as const;
export type ExecutionSortField = (typeof executionSortFields)[number];
/** The service's own order: newest first. */
export const defaultExecutionSort: Sort<ExecutionSortField> = { by: 'startedAt', desc: true };

export const agentsSearchSchema = z.object({
  /** Only this organization's executions; every organization's when not given. */
  organization: textParam,
  /** Only the executions of this document (its client ID). */
  document: textParam,
  /** Only this agent's executions. */
  agent: textParam,
  status: filterParam(z.enum(executionStatuses)),
  sort: sortParam(executionSortFields),
  /** The execution whose details are open. */
  execution: textParam,
});
export type AgentsSearch = z.output<typeof agentsSearchSchema>;
