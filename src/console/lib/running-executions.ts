import { queryOptions } from '@tanstack/react-query';
import { getApiKeyCounts } from '#contract/api-key-counts';
import { call } from './api';
import type { ApiKeyCredentials } from './api-key';
import { keyQueryOptions } from './key-query';

/** How often the count is read again while executions run, and while none does. */
export const RUNNING_REFRESH_MS = { running: 3000, idle: 30_000 } as const;

/** The cache key of a key's running count: the executions page refreshes it. */
export const runningExecutionsKey = (apiKeyId: string) =>
  ['agents', apiKeyId, 'running-count'] as const;

/**
 * How many of a key's agent executions are running (Get API Key Counts), for the navigation's
 * badge. Under the agents area's key (`['agents', apiKeyId]`), so that the executions page, seeing
 * one start or finish, refreshes the badge too. Read again every few seconds while some run.
 */
export const runningExecutionsQuery = (apiKey: ApiKeyCredentials) =>
  queryOptions({
    ...keyQueryOptions(
      runningExecutionsKey(apiKey.id),
      async (signal) =>
        (await call(getApiKeyCounts, undefined, { apiKey, signal })).data.runningExecutions,
    ),
    refetchInterval: (query) =>
      (query.state.data ?? 0) > 0 ? RUNNING_REFRESH_MS.running : RUNNING_REFRESH_MS.idle,
  });
