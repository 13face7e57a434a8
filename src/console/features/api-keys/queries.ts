import { getDomains } from '#contract/allowed-domains';
import { getApiKeyCounts } from '#contract/api-key-counts';
import { getApiKeyConfig, getPermissionProviderConfig } from '#contract/api-keys';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';

/**
 * Query keys of the API-key settings, generic to specific. Each query calls with the key it is
 * keyed by: switching keys can never show one key's settings as another's.
 */
export const apiKeyQueries = {
  all: () => ['api-keys'] as const,
  one: (apiKeyId: string) => [...apiKeyQueries.all(), apiKeyId] as const,
  config: (apiKey: ApiKeyCredentials) =>
    keyQueryOptions(
      [...apiKeyQueries.one(apiKey.id), 'config'] as const,
      async (signal) => (await call(getApiKeyConfig, undefined, { apiKey, signal })).data,
    ),
  /** What the key holds, counted; other areas' writes change it, so it is read afresh. */
  counts: (apiKey: ApiKeyCredentials) => ({
    ...keyQueryOptions(
      [...apiKeyQueries.one(apiKey.id), 'counts'] as const,
      async (signal) => (await call(getApiKeyCounts, undefined, { apiKey, signal })).data,
    ),
    staleTime: 0,
  }),
  permissionProvider: (apiKey: ApiKeyCredentials) =>
    keyQueryOptions(
      [...apiKeyQueries.one(apiKey.id), 'permission-provider'] as const,
      async (signal) =>
        (await call(getPermissionProviderConfig, undefined, { apiKey, signal })).data,
    ),
  /** The domains the key allows (at most 1,000: one call, no paging). */
  domains: (apiKey: ApiKeyCredentials) =>
    keyQueryOptions(
      [...apiKeyQueries.one(apiKey.id), 'domains'] as const,
      async (signal) => (await call(getDomains, undefined, { apiKey, signal })).data.allowedDomains,
    ),
};
