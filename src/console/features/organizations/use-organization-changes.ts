import { useQueryClient } from '@tanstack/react-query';
import {
  type AddOrganizationsRequest,
  addOrganizations,
  deleteOrganizations,
} from '#contract/organizations';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { organizationQueries } from './queries';

/** Add Organizations: the per-organization results, and the list asked again. */
export function useAddOrganizations(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: AddOrganizationsRequest) =>
      (await call(addOrganizations, request, { apiKey })).data,
    onSaved: () => queryClient.invalidateQueries({ queryKey: organizationQueries.one(apiKey.id) }),
  });
}

/** Delete Organizations: the per-organization results, and the list asked again. */
export function useDeleteOrganizations(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (organizationIds: string[]) =>
      (await call(deleteOrganizations, { organizationIds }, { apiKey })).data,
    // Everything under the organizations is gone too: every area of the key is asked again.
    onSaved: () => queryClient.invalidateQueries(),
  });
}
