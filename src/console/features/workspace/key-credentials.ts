import type { QueryClient } from '@tanstack/react-query';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { authTokensQuery } from './auth-tokens-query';

/**
 * The credentials made of each cached token list: the key's route asks for them on every
 * navigation (a folder chosen changes the address), and a new object each time would start again
 * whatever depends on them (effects, memos) and drop the reads they had under way. Held by the
 * list itself, so that a token reset (a new list) gives new credentials and a cleared cache
 * keeps no token here.
 */
const credentialsOf = new WeakMap<object, ApiKeyCredentials>();

/**
 * An API key of the workspace with its auth token (Get Auth Tokens, cached for the tab), for the
 * key's pages to call with: the same object as long as the token is the same. Rejects with the
 * service's NOT_FOUND when the workspace has no such key.
 */
export async function apiKeyCredentials(
  queryClient: QueryClient,
  workspaceId: string,
  apiKeyId: string,
): Promise<ApiKeyCredentials> {
  const tokens = await queryClient.query(authTokensQuery(workspaceId, apiKeyId));
  const known = credentialsOf.get(tokens);
  if (known) return known;
  const token = tokens[0]?.token;
  if (!token) throw new Error(`The API key ${apiKeyId} has no auth token.`);
  const credentials = { id: apiKeyId, token };
  credentialsOf.set(tokens, credentials);
  return credentials;
}
