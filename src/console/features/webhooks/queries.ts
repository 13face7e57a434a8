import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listAdvancedWebhookEndpointMessages } from '../../../contract/webhook-deliveries';
import {
  type AdvancedWebhookEndpoint,
  MAX_WEBHOOK_ENDPOINTS_PAGE,
  getAdvancedWebhookConfig,
  getAdvancedWebhookEndpointSecret,
  getAdvancedWebhookEndpoints,
} from '../../../contract/webhooks';
import { call } from '../../lib/api';

/** Messages per page of the delivery log. */
export const MESSAGES_PAGE = 20;
/** How often a delivery log with messages still on their way asks again. */
export const PENDING_REFRESH_MS = 1000;
/** A bound on the pages one listing reads, so a server that never says "done" cannot loop us. */
const MAX_ENDPOINT_PAGES = 20;

/**
 * Query keys of the webhooks area, generic to specific. Keys carry the API key's ID: switching keys
 * must never show one key's endpoints as another's.
 */
export const webhookQueries = {
  all: () => ['webhooks'] as const,
  one: (apiKeyId: string) => [...webhookQueries.all(), apiKeyId] as const,
  config: (apiKeyId: string) =>
    queryOptions({
      queryKey: [...webhookQueries.one(apiKeyId), 'config'] as const,
      queryFn: async ({ signal }) =>
        (await call(getAdvancedWebhookConfig, undefined, { signal })).data,
    }),
  /**
   * Every endpoint of the key. The table and the endpoint page share this one list, since the
   * contract has no "get one endpoint"; a key rarely has more than a page of them.
   */
  endpoints: (apiKeyId: string) =>
    queryOptions({
      queryKey: [...webhookQueries.one(apiKeyId), 'endpoints'] as const,
      queryFn: async ({ signal }) => {
        const endpoints: AdvancedWebhookEndpoint[] = [];
        let iterator: string | undefined;
        for (let page = 0; page < MAX_ENDPOINT_PAGES; page += 1) {
          const { data } = await call(
            getAdvancedWebhookEndpoints,
            { limit: MAX_WEBHOOK_ENDPOINTS_PAGE, ...(iterator ? { iterator } : {}) },
            { signal },
          );
          endpoints.push(...data.endpoints);
          if (data.done || !data.iterator) break;
          iterator = data.iterator;
        }
        return endpoints;
      },
    }),
  endpoint: (apiKeyId: string, endpointId: string) =>
    [...webhookQueries.one(apiKeyId), 'endpoint', endpointId] as const,
  /** A secret: fetched only when the admin reveals or copies it. */
  secret: (apiKeyId: string, endpointId: string) =>
    queryOptions({
      queryKey: [...webhookQueries.endpoint(apiKeyId, endpointId), 'secret'] as const,
      queryFn: async ({ signal }) =>
        (await call(getAdvancedWebhookEndpointSecret, { endpointId }, { signal })).data.secret,
      // It changes only by a rotation from this console, which invalidates it.
      staleTime: Infinity,
    }),
  messages: (apiKeyId: string, endpointId: string) =>
    infiniteQueryOptions({
      queryKey: [...webhookQueries.endpoint(apiKeyId, endpointId), 'messages'] as const,
      queryFn: async ({ signal, pageParam }) =>
        (
          await call(
            listAdvancedWebhookEndpointMessages,
            { endpointId, limit: MESSAGES_PAGE, ...(pageParam ? { iterator: pageParam } : {}) },
            { signal },
          )
        ).data,
      initialPageParam: '',
      getNextPageParam: (last) => (last.done ? undefined : (last.iterator ?? undefined)),
      // Running deliveries settle within seconds; finished ones never change by themselves.
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) =>
          page.messages.some((message) => message.status === 'pending'),
        )
          ? PENDING_REFRESH_MS
          : false,
      staleTime: 0,
    }),
};
