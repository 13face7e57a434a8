import { useQueryClient } from '@tanstack/react-query';
import { updateApiKeyConfig } from '#contract/api-keys';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { type ConfigRequest, mergeEcho } from './config-values';
import { apiKeyQueries } from './queries';

export function useUpdateApiKeyConfig(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  const { queryKey } = apiKeyQueries.config(apiKey);
  return useSaveMutation({
    mutationFn: async (request: ConfigRequest) =>
      (await call(updateApiKeyConfig, request, { apiKey })).data,
    onSaved: (echo) => {
      // The echo holds the post-write values of what was sent; the rest is as it was.
      const saved = queryClient.getQueryData(queryKey);
      if (saved) queryClient.setQueryData(queryKey, mergeEcho(saved, echo));
      void queryClient.invalidateQueries({ queryKey });
    },
    success: 'Configuration saved',
  });
}
