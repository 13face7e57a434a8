import { queryOptions } from '@tanstack/react-query';
import { getAdvancedWebhookEventTypes } from '#contract/event-types';
import { getAdvancedWebhookEndpointStats } from '#contract/webhook-stats';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';
import { webhookQueries } from './queries';

/** How often an open endpoint page asks for its figures again: they move as attempts are made. */
export const STATS_REFRESH_MS = 30_000;

/** Queries of the endpoint's figures and of the event-type catalog, keyed under the area's. */
export const statsQueries = {
  /** Under the endpoint's key, so that whatever refreshes the endpoint refreshes its figures. */
  stats: (apiKey: ApiKeyCredentials, endpointId: string) =>
    queryOptions({
      ...keyQueryOptions(
        [...webhookQueries.endpoint(apiKey.id, endpointId), 'stats'] as const,
        async (signal) =>
          (await call(getAdvancedWebhookEndpointStats, { endpointId }, { apiKey, signal })).data,
      ),
      refetchInterval: STATS_REFRESH_MS,
    }),
  /** The service's event types: the same for as long as the service runs. */
  eventTypes: (apiKey: ApiKeyCredentials) =>
    queryOptions({
      ...keyQueryOptions(
        [...webhookQueries.one(apiKey.id), 'event-types'] as const,
        async (signal) =>
          (await call(getAdvancedWebhookEventTypes, undefined, { apiKey, signal })).data.eventTypes,
      ),
      staleTime: Infinity,
    }),
};
