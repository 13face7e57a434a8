import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useListSearch } from '../../lib/use-list-search';
import { type AgentsSearch, type ExecutionSortField, defaultExecutionSort } from './agents-search';
import { executionColumns } from './execution-columns';
import { ExecutionDetails } from './execution-details';
import { RowNotLoaded } from '../../components/row-not-loaded';
import { StatusFilter } from './status-filter';
import { type ExecutionsFilter, agentQueries } from './queries';
import { useRunningRefresh } from './use-running-refresh';
import { NoMatches } from '../../components/no-matches';

interface AgentsPageProps {
  apiKey: ApiKeyCredentials;
  search: AgentsSearch;
}

function runningNote(running: number): string {
  if (running === 0) return 'No execution shown is running.';
  return `${running} ${running === 1 ? 'execution is' : 'executions are'} running; this list refreshes by itself.`;
}

/**
 * The key's agent executions, newest first (or oldest), filtered by organization, document, agent
 * and status, read page by page as the table scrolls; a row opens the execution's details.
 */
export function AgentsPage({ apiKey, search }: AgentsPageProps) {
  const list = useListSearch<AgentsSearch, ExecutionSortField>(search, {
    defaultSort: defaultExecutionSort,
  });
  const desc = list.sort?.desc ?? true;
  const filter = useMemo<ExecutionsFilter>(
    () => ({
      organizationId: search.organization,
      documentId: search.document,
      agentId: search.agent,
      status: search.status,
      orderDirection: desc ? 'desc' : 'asc',
    }),
    [search.organization, search.document, search.agent, search.status, desc],
  );
  const executions = useInfiniteQuery(agentQueries.list(apiKey, filter));
  const rows = useMemo(() => pagedItems(executions.data), [executions.data]);
  const running = useRunningRefresh(apiKey, filter, {
    rows,
    complete: executions.isSuccess && !executions.hasNextPage,
    fetching: executions.isFetching,
  });
  const open = search.execution
    ? rows.find((execution) => execution.id === search.execution)
    : undefined;
  const close = () => list.set({ execution: undefined });

  const filtered =
    search.organization !== undefined ||
    search.document !== undefined ||
    search.agent !== undefined ||
    search.status !== undefined;
  const empty = filtered ? (
    <NoMatches
      noun="execution"
      onClear={() =>
        list.set({
          organization: undefined,
          document: undefined,
          agent: undefined,
          status: undefined,
        })
      }
    />
  ) : (
    <EmptyState title="No agent executions yet">
      Agents record each run with Add Agent Executions (<code>/v2/agents/execution/add</code>); a
      run shows here as soon as it starts, and refreshes by itself until it ends.
    </EmptyState>
  );

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <OrganizationPicker
          apiKey={apiKey}
          value={search.organization}
          anyLabel="All organizations"
          onChange={(organization) => list.set({ organization })}
        />
        <FilterInput
          label="Document ID"
          value={search.document}
          onChange={(document) => list.set({ document })}
        />
        <FilterInput
          label="Agent ID"
          value={search.agent}
          onChange={(agent) => list.set({ agent })}
        />
        <StatusFilter value={search.status} onChange={(status) => list.set({ status })} />
      </div>
      {executions.data ? (
        <p role="status" className="text-sm text-muted">
          {runningNote(running)}
        </p>
      ) : null}
      <DataTable
        label="Agent executions"
        columns={executionColumns}
        rows={rows}
        rowKey={(execution) => execution.id}
        onOpen={(execution) => list.set({ execution: execution.id })}
        currentKey={open?.id}
        sort={list.sort}
        onSort={(field) => list.sortBy(field as ExecutionSortField)}
        status={tableStatus(executions)}
        empty={empty}
        noun={['execution', 'executions']}
        minWidth="52rem"
        estimateRowHeight={57}
      />
      {open ? (
        <ExecutionDetails execution={open} onClose={close} />
      ) : search.execution && !executions.isPending ? (
        <RowNotLoaded
          noun={['Execution', 'executions']}
          id={search.execution}
          loaded={rows.length}
          onClose={close}
        />
      ) : null}
    </Card>
  );
}
