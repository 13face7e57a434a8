import { queryOptions } from '@tanstack/react-query';
import { getApiKeyConfig, getPermissionProviderConfig } from '../../../contract/api-keys';
import { call } from '../../lib/api';

/**
 * Query keys of the API-key settings, generic to specific. Keys carry the API key's ID: switching
 * keys must never show one key's settings as another's.
 */
export const apiKeyQueries = {
  all: () => ['api-keys'] as const,
  one: (apiKeyId: string) => [...apiKeyQueries.all(), apiKeyId] as const,
  config: (apiKeyId: string) =>
    queryOptions({
      queryKey: [...apiKeyQueries.one(apiKeyId), 'config'] as const,
      queryFn: async ({ signal }) => (await call(getApiKeyConfig, undefined, { signal })).data,
    }),
  permissionProvider: (apiKeyId: string) =>
    queryOptions({
      queryKey: [...apiKeyQueries.one(apiKeyId), 'permission-provider'] as const,
      queryFn: async ({ signal }) =>
        (await call(getPermissionProviderConfig, undefined, { signal })).data,
    }),
};
