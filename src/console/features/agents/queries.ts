import {
  type AgentExecution,
  type ListAgentExecutionsRequest,
  MAX_EXECUTIONS_PAGE,
  listAgentExecutions,
} from '#contract/agents';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import type { ExecutionStatus } from './agents-search';

/**
 * Executions per page of the table, the most the service gives: a list of 100,000 is read in 200
 * pages as it scrolls (each ~0.2 MB of JSON), not 2,000.
 */
export const EXECUTIONS_PAGE = MAX_EXECUTIONS_PAGE;
/** How often the running executions of the list are asked about while any is shown. */
export const RUNNING_POLL_MS = 2000;

export interface ExecutionsFilter {
  organizationId?: string | undefined;
  documentId?: string | undefined;
  agentId?: string | undefined;
  status?: ExecutionStatus | undefined;
  orderDirection: 'asc' | 'desc';
}

function request(filter: ExecutionsFilter): ListAgentExecutionsRequest {
  return {
    orderDirection: filter.orderDirection,
    ...(filter.organizationId ? { organizationId: filter.organizationId } : {}),
    ...(filter.documentId ? { documentId: filter.documentId } : {}),
    ...(filter.agentId ? { agentId: filter.agentId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
}

/**
 * Query keys of the agents area, generic to specific (the navigation's running count,
 * lib/running-executions.ts, sits under `one` too). Each query calls with the key it is keyed by.
 */
export const agentQueries = {
  all: () => ['agents'] as const,
  one: (apiKeyId: string) => [...agentQueries.all(), apiKeyId] as const,
  /** The executions matching the filters, in start order, page by page as the table scrolls. */
  list: (apiKey: ApiKeyCredentials, filter: ExecutionsFilter) =>
    pagedQueryOptions({
      queryKey: [...agentQueries.one(apiKey.id), 'list', filter] as const,
      fetchPage: async (cursor, signal) => {
        const { data } = await call(
          listAgentExecutions,
          { ...request(filter), pageSize: EXECUTIONS_PAGE, ...pageParam('cursor', cursor) },
          { apiKey, signal },
        );
        return pageOf.cursor<AgentExecution>(data);
      },
    }),
  /**
   * The executions (ID and start) running under the same filters, asked every 2 seconds while the
   * list shows a running one. Refetching the list itself would read every loaded page again (up to
   * 200 at 100,000 rows) each time; this reads one small page, and the list is read again only when
   * the running set has changed.
   */
  running: (apiKey: ApiKeyCredentials, filter: ExecutionsFilter) => ({
    ...keyQueryOptions(
      [...agentQueries.one(apiKey.id), 'running', filter] as const,
      async (signal) => {
        const { data } = await call(
          listAgentExecutions,
          { ...request(filter), status: 'running', pageSize: EXECUTIONS_PAGE },
          { apiKey, signal },
        );
        return data.items.map(({ id, startedAt }) => ({ id, startedAt }));
      },
    ),
    refetchInterval: RUNNING_POLL_MS,
    staleTime: 0,
  }),
};
