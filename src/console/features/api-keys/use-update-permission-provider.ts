import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type updatePermissionProviderConfigRequest,
  updatePermissionProviderConfig,
} from '../../../contract/api-keys';
import { call } from '../../lib/api';
import { toast } from '../../lib/notifications';
import { apiKeyQueries } from './queries';

export function useUpdatePermissionProvider(apiKeyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: z.output<typeof updatePermissionProviderConfigRequest>) =>
      (await call(updatePermissionProviderConfig, request)).data,
    onSuccess: (saved) => {
      // The answer is the whole configuration, token masked: it is what the page shows next.
      queryClient.setQueryData(apiKeyQueries.permissionProvider(apiKeyId).queryKey, saved);
      toast({ tone: 'success', title: 'Permission provider saved' });
    },
  });
}
