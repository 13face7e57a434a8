import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateApiKeyConfig } from '../../../contract/api-keys';
import { call } from '../../lib/api';
import { toast } from '../../lib/notifications';
import { type ConfigRequest, mergeEcho } from './config-values';
import { apiKeyQueries } from './queries';

export function useUpdateApiKeyConfig(apiKeyId: string) {
  const queryClient = useQueryClient();
  const options = apiKeyQueries.config(apiKeyId);
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: ConfigRequest) => (await call(updateApiKeyConfig, request)).data,
    onSuccess: (echo) => {
      // The echo holds the post-write values of what was sent; the rest is as it was.
      const saved = queryClient.getQueryData(options.queryKey);
      const merged = saved ? mergeEcho(saved, echo) : undefined;
      if (merged) queryClient.setQueryData(options.queryKey, merged);
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
      toast({ tone: 'success', title: 'Configuration saved' });
    },
  });
}
