import type { QueryClient } from '@tanstack/react-query';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { authTokensQuery } from './auth-tokens-query';

/**
 * An API key of the workspace with its auth token (Get Auth Tokens, cached for the tab), for the
 * key's pages to call with. Rejects with the service's NOT_FOUND when the workspace has no such key.
 */
export async function apiKeyCredentials(
  queryClient: QueryClient,
  workspaceId: string,
  apiKeyId: string,
): Promise<ApiKeyCredentials> {
  const tokens = await queryClient.query(authTokensQuery(workspaceId, apiKeyId));
  const token = tokens[0]?.token;
  if (!token) throw new Error(`The API key ${apiKeyId} has no auth token.`);
  return { id: apiKeyId, token };
}
