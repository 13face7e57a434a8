import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { AgentExecution } from '#contract/agents';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { type ExecutionsFilter, agentQueries } from './queries';
import { runningChanged } from './running-changes';

interface ListState {
  rows: readonly AgentExecution[];
  /** Every page is loaded. */
  complete: boolean;
  /** The list is being read (again): its rows are not yet what it will show. */
  fetching: boolean;
}

/**
 * Keeps the running executions of the list current: while the list shows any, the executions
 * running under its filters are asked about every 2 seconds, and when one has finished or a new one
 * started among the loaded rows, the list and the navigation's running count are read again.
 * Answers how many running executions the list shows.
 */
export function useRunningRefresh(
  apiKey: ApiKeyCredentials,
  filter: ExecutionsFilter,
  { rows, complete, fetching }: ListState,
): number {
  const queryClient = useQueryClient();
  const shownRunning = useMemo(() => rows.filter((row) => row.status === 'running').length, [rows]);
  const running = useQuery({
    ...agentQueries.running(apiKey, filter),
    enabled: shownRunning > 0,
  });
  const changed = useMemo(
    () =>
      shownRunning > 0 &&
      !fetching &&
      running.data !== undefined &&
      runningChanged(rows, running.data, filter.orderDirection, complete),
    [shownRunning, fetching, running.data, rows, filter.orderDirection, complete],
  );
  useEffect(() => {
    if (!changed) return;
    // The key's executions lists and its running count (lib/running-executions.ts); not this
    // poll, whose answer is what changed.
    void queryClient.invalidateQueries({
      queryKey: agentQueries.one(apiKey.id),
      predicate: (query) => query.queryKey[2] !== 'running',
    });
  }, [changed, queryClient, apiKey, filter]);
  return shownRunning;
}
