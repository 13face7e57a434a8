import { createWorkspace, type CreateWorkspaceRequest } from '#contract/workspace-access';
import { call } from '../../lib/api';
import { useSaveMutation } from '../../lib/use-save-mutation';

/** Create Workspace is public: it runs against the server the admin signs in at. */
export function useCreateWorkspace(baseUrl: string) {
  return useSaveMutation({
    mutationFn: async (request: CreateWorkspaceRequest) =>
      (await call(createWorkspace, request, { credentials: { baseUrl } })).data,
  });
}
