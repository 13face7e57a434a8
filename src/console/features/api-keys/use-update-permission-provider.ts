import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type updatePermissionProviderConfigRequest,
  updatePermissionProviderConfig,
} from '#contract/api-keys';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { apiKeyQueries } from './queries';

export function useUpdatePermissionProvider(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: z.output<typeof updatePermissionProviderConfigRequest>) =>
      (await call(updatePermissionProviderConfig, request, { apiKey })).data,
    // The answer is the whole configuration, token masked: it is what the page shows next.
    onSaved: (saved) =>
      queryClient.setQueryData(apiKeyQueries.permissionProvider(apiKey).queryKey, saved),
    success: 'Permission provider saved',
  });
}
