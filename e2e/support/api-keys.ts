import { type APIRequestContext, expect } from '@playwright/test';
import { apiKeyCredentials, post, workspaceCredentials } from './service';
import {
  getApiKeyConfig,
  getPermissionProviderConfig,
  resetAuthToken as resetAuthTokenEndpoint,
} from '#contract/api-keys';

/** Reads and changes of one API key's settings through the service, to check what a flow saved. */

export interface StoredApiKeyConfig {
  defaultDocumentAccessType: string;
  isPrivateCommentsEnabled: boolean;
  requireJwtToken: boolean;
  requireAutoOrgUser: boolean;
  aiModelsConfig?: Record<string, { displayText: string }>;
}

export async function apiKeyConfig(
  request: APIRequestContext,
  apiKey: string,
  token: string,
): Promise<StoredApiKeyConfig> {
  const answer = await post(request, getApiKeyConfig, {}, apiKeyCredentials(apiKey, token));
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}

export interface StoredPermissionProvider {
  usePermissionProvider: boolean;
  permissionProviderConfig: { permissionProviderUrl: string; authToken: string };
}

export async function permissionProvider(
  request: APIRequestContext,
  apiKey: string,
  token: string,
): Promise<StoredPermissionProvider> {
  const answer = await post(
    request,
    getPermissionProviderConfig,
    {},
    apiKeyCredentials(apiKey, token),
  );
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}

/** Resets a key's auth token as another admin would, and answers the new token. */
export async function resetAuthToken(
  request: APIRequestContext,
  workspace: { id: string; authToken: string },
  apiKey: string,
): Promise<string> {
  const answer = await post(
    request,
    resetAuthTokenEndpoint,
    { apiKey },
    workspaceCredentials(workspace),
  );
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data.newAuthToken.token;
}
