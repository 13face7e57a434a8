import { useMutation } from '@tanstack/react-query';
import { createWorkspace, type CreateWorkspaceRequest } from '../../../contract/workspace';
import { call } from '../../lib/api';

/** Create Workspace is public: it runs against the server the admin signs in at. */
export function useCreateWorkspace(baseUrl: string) {
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (request: CreateWorkspaceRequest) =>
      (await call(createWorkspace, request, { credentials: { baseUrl } })).data,
  });
}
