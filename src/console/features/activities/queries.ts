import {
  type GetActivityLogsRequest,
  MAX_ACTIVITY_FILTER_IDS,
  getActivityLogs,
} from '#contract/activities';
import { getActivityConfig } from '#contract/activity-config';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import type { ActivitiesSearch } from './activities-search';

/** Activities per page of the table; it asks for more as it scrolls. */
export const ACTIVITIES_PAGE = 100;

/**
 * Feature or action types typed in a filter, separated by commas (a type may hold a space), each
 * once, or why they cannot be searched (Get Activity Logs takes at most 30 of each).
 */
export function typesFromText(
  text: string | undefined,
  label: string,
): { types: string[] | undefined; problem?: string } {
  const types = [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (types.length === 0) return { types: undefined };
  if (types.length > MAX_ACTIVITY_FILTER_IDS) {
    return {
      types: undefined,
      problem: `Search at most ${MAX_ACTIVITY_FILTER_IDS} ${label} at once (${types.length} given).`,
    };
  }
  return { types };
}

/** Get Activity Logs' request for the address's filters, or the rules they break. */
export function activitiesRequest(
  organizationId: string,
  search: ActivitiesSearch,
): { request: GetActivityLogsRequest; problems: string[] } {
  const features = typesFromText(search.features, 'feature types');
  const actions = typesFromText(search.actions, 'action types');
  return {
    request: {
      organizationId,
      ...(search.document ? { documentId: search.document } : {}),
      ...(features.types ? { featureTypes: features.types } : {}),
      ...(actions.types ? { actionTypes: actions.types } : {}),
      ...(search.user ? { userId: search.user } : {}),
      order: search.order ?? 'desc',
    },
    problems: [features.problem, actions.problem].filter((p): p is string => p !== undefined),
  };
}

/**
 * Query keys of the activities area, generic to specific. Each query calls with the key it is
 * keyed by: switching keys can never show one key's activities as another's.
 */
export const activityQueries = {
  all: () => ['activities'] as const,
  one: (apiKeyId: string) => [...activityQueries.all(), apiKeyId] as const,
  /** The key's activity settings (Get Activity Config). */
  config: (apiKey: ApiKeyCredentials) =>
    keyQueryOptions(
      [...activityQueries.one(apiKey.id), 'config'] as const,
      async (signal) => (await call(getActivityConfig, undefined, { apiKey, signal })).data,
    ),
  /** The activities the request selects, page by page. */
  list: (apiKey: ApiKeyCredentials, request: GetActivityLogsRequest) =>
    pagedQueryOptions({
      queryKey: [...activityQueries.one(apiKey.id), 'list', request] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getActivityLogs,
            { ...request, pageSize: ACTIVITIES_PAGE, ...pageParam('pageToken', token) },
            { apiKey, signal },
          ),
        ),
    }),
};
