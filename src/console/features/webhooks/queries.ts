import { queryOptions } from '@tanstack/react-query';
import {
  type WebhookMessage,
  listAdvancedWebhookEndpointMessages,
} from '#contract/webhook-deliveries';
import {
  type AdvancedWebhookEndpoint,
  MAX_WEBHOOK_ENDPOINTS_PER_KEY,
  getAdvancedWebhookConfig,
  getAdvancedWebhookEndpointSecret,
  getAdvancedWebhookEndpoints,
} from '#contract/webhooks';
import {
  type WebhookServiceTarget,
  getWebhookServiceConfig,
  listWebhookServiceDeliveries,
} from '#contract/webhook-service';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';
import {
  type Page,
  type PagedData,
  findInPages,
  pageOf,
  pageParam,
  pagedItems,
  pagedQueryOptions,
} from '../../lib/paged-query';

/**
 * Endpoints per page of the endpoints table; the table asks for more as it scrolls. A key holds at
 * most MAX_WEBHOOK_ENDPOINTS_PER_KEY, so one page holds a full key.
 */
export const ENDPOINTS_PAGE = MAX_WEBHOOK_ENDPOINTS_PER_KEY;
/** Messages per page of the delivery log. */
export const MESSAGES_PAGE = 50;
/** How often a delivery log with messages still on their way asks again. */
export const PENDING_REFRESH_MS = 1000;

async function endpointsPage(
  apiKey: ApiKeyCredentials,
  iterator: string | null,
  signal: AbortSignal,
): Promise<Page<AdvancedWebhookEndpoint>> {
  const { data } = await call(
    getAdvancedWebhookEndpoints,
    { limit: ENDPOINTS_PAGE, ...pageParam('iterator', iterator) },
    { apiKey, signal },
  );
  return pageOf.iterator(data.endpoints, data);
}

const hasPending = (data: PagedData<WebhookMessage> | undefined) =>
  pagedItems(data).some((message) => message.status === 'pending');

/**
 * Query keys of the webhooks area, generic to specific. Each query calls with the key it is keyed
 * by: switching keys can never show one key's endpoints as another's.
 */
export const webhookQueries = {
  all: () => ['webhooks'] as const,
  one: (apiKeyId: string) => [...webhookQueries.all(), apiKeyId] as const,
  config: (apiKey: ApiKeyCredentials) =>
    keyQueryOptions(
      [...webhookQueries.one(apiKey.id), 'config'] as const,
      async (signal) => (await call(getAdvancedWebhookConfig, undefined, { apiKey, signal })).data,
    ),
  /** The key's endpoints in creation order, page by page as the table scrolls. */
  endpoints: (apiKey: ApiKeyCredentials) =>
    pagedQueryOptions({
      queryKey: [...webhookQueries.one(apiKey.id), 'endpoints'] as const,
      fetchPage: (iterator, signal) => endpointsPage(apiKey, iterator, signal),
    }),
  /** Everything about one endpoint: its detail, secret and delivery log. */
  endpoint: (apiKeyId: string, endpointId: string) =>
    [...webhookQueries.one(apiKeyId), 'endpoint', endpointId] as const,
  /**
   * One endpoint, or null when the key has none with this ID. The contract can list endpoints but
   * not get one, so this reads the list until it finds it.
   */
  endpointDetail: (apiKey: ApiKeyCredentials, endpointId: string) =>
    keyQueryOptions(
      [...webhookQueries.endpoint(apiKey.id, endpointId), 'detail'] as const,
      async (signal) =>
        (await findInPages(
          (iterator) => endpointsPage(apiKey, iterator, signal),
          (endpoint) => endpoint.id === endpointId,
        )) ?? null,
    ),
  /** A secret: fetched only when the admin reveals or copies it. */
  secret: (apiKey: ApiKeyCredentials, endpointId: string) =>
    queryOptions({
      ...keyQueryOptions(
        [...webhookQueries.endpoint(apiKey.id, endpointId), 'secret'] as const,
        async (signal) =>
          (await call(getAdvancedWebhookEndpointSecret, { endpointId }, { apiKey, signal })).data
            .secret,
      ),
      // It changes only by a rotation from this console, which invalidates it.
      staleTime: Infinity,
    }),
  /** The delivery log, newest first; it asks again every second while a message is on its way. */
  messages: (apiKey: ApiKeyCredentials, endpointId: string) =>
    pagedQueryOptions({
      queryKey: [...webhookQueries.endpoint(apiKey.id, endpointId), 'messages'] as const,
      fetchPage: async (iterator, signal) => {
        const { data } = await call(
          listAdvancedWebhookEndpointMessages,
          { endpointId, limit: MESSAGES_PAGE, ...pageParam('iterator', iterator) },
          { apiKey, signal },
        );
        return pageOf.iterator(data.messages, data);
      },
      // Running deliveries settle within seconds; finished ones never change by themselves.
      refetchInterval: (data) => (hasPending(data) ? PENDING_REFRESH_MS : false),
      staleTime: 0,
    }),
  /** The basic webhook service's configuration (Get Webhook Config), its token masked. */
  service: (apiKey: ApiKeyCredentials) =>
    keyQueryOptions(
      [...webhookQueries.one(apiKey.id), 'service'] as const,
      async (signal) => (await call(getWebhookServiceConfig, undefined, { apiKey, signal })).data,
    ),
  /** The delivery log of one of the service's URLs, newest first, refreshing while pending. */
  serviceDeliveries: (apiKey: ApiKeyCredentials, target: WebhookServiceTarget) =>
    pagedQueryOptions({
      queryKey: [...webhookQueries.one(apiKey.id), 'service', 'deliveries', target] as const,
      fetchPage: async (iterator, signal) => {
        const { data } = await call(
          listWebhookServiceDeliveries,
          { target, limit: MESSAGES_PAGE, ...pageParam('iterator', iterator) },
          { apiKey, signal },
        );
        return pageOf.iterator(data.messages, data);
      },
      refetchInterval: (data) => (hasPending(data) ? PENDING_REFRESH_MS : false),
      staleTime: 0,
    }),
};
