import { useQueryClient } from '@tanstack/react-query';
import {
  type AddUserGroupsRequest,
  type AddUsersToGroupsRequest,
  type DeleteUsersFromGroupsRequest,
  addUserGroups,
  addUsersToGroups,
  deleteUsersFromGroups,
} from '#contract/organizations';
import { type AddUsersRequest, addUsers } from '#contract/users';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { userQueries } from './queries';

/** A write of the users area: its per-item results, and the lists of users asked again. */
function useUsersWrite<Request, Answer>(
  apiKey: ApiKeyCredentials,
  write: (request: Request) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: write,
    onSaved: () => queryClient.invalidateQueries({ queryKey: userQueries.one(apiKey.id) }),
  });
}

export const useAddUsers = (apiKey: ApiKeyCredentials) =>
  useUsersWrite(
    apiKey,
    async (request: AddUsersRequest) => (await call(addUsers, request, { apiKey })).data,
  );

export const useAddGroups = (apiKey: ApiKeyCredentials) =>
  useUsersWrite(
    apiKey,
    async (request: AddUserGroupsRequest) => (await call(addUserGroups, request, { apiKey })).data,
  );

export const useAddToGroup = (apiKey: ApiKeyCredentials) =>
  useUsersWrite(
    apiKey,
    async (request: AddUsersToGroupsRequest) =>
      (await call(addUsersToGroups, request, { apiKey })).data,
  );

export const useRemoveFromGroup = (apiKey: ApiKeyCredentials) =>
  useUsersWrite(
    apiKey,
    async (request: DeleteUsersFromGroupsRequest) =>
      (await call(deleteUsersFromGroups, request, { apiKey })).data,
  );
