import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { type Session, signedInWithToken } from '../../lib/session';
import { workspaceDetailQuery } from '../../lib/workspace-query';
import { authTokensQuery } from './auth-tokens-query';

/**
 * The credentials made of each cached token list: the key's route asks for them on every
 * navigation (a folder chosen changes the address), and a new object each time would start again
 * whatever depends on them (effects, memos) and drop the reads they had under way. Held by the
 * list itself, so that a token reset (a new list) gives new credentials and a cleared cache
 * keeps no token here.
 */
const credentialsOf = new WeakMap<object, ApiKeyCredentials>();

/** A person's credentials of a key are its id alone, the same object for as long as the tab. */
const namedKeys = new Map<string, ApiKeyCredentials>();

/**
 * A person's session names the key and needs no token: the key must be one of the workspace's
 * (Get Workspace, cached; read again before saying it is not, for a key made a moment ago).
 */
async function namedKey(
  queryClient: QueryClient,
  workspaceId: string,
  apiKeyId: string,
): Promise<ApiKeyCredentials> {
  const options = workspaceDetailQuery(workspaceId);
  const cached = queryClient.getQueryData(options.queryKey) ?? (await queryClient.query(options));
  const workspace = cached.apiKeyList[apiKeyId]
    ? cached
    : await queryClient.query({ ...options, staleTime: 0 });
  if (!workspace.apiKeyList[apiKeyId]) {
    throw new ApiError('NOT_FOUND', `The workspace has no API key ${apiKeyId}.`, 404);
  }
  let credentials = namedKeys.get(apiKeyId);
  if (!credentials) {
    credentials = { id: apiKeyId };
    namedKeys.set(apiKeyId, credentials);
  }
  return credentials;
}

/**
 * An API key of the workspace with what the key's pages call with: for a sign-in with the
 * workspace token, the key's auth token (Get Auth Tokens, cached for the tab), the same object as
 * long as the token is the same; for a person's session, the key's id. Rejects with NOT_FOUND
 * when the workspace has no such key.
 */
export async function apiKeyCredentials(
  queryClient: QueryClient,
  session: Session,
  apiKeyId: string,
): Promise<ApiKeyCredentials> {
  const { workspaceId } = session;
  if (!signedInWithToken(session)) return namedKey(queryClient, workspaceId, apiKeyId);
  const tokens = await queryClient.query(authTokensQuery(workspaceId, apiKeyId));
  const known = credentialsOf.get(tokens);
  if (known) return known;
  const token = tokens[0]?.token;
  if (!token) throw new Error(`The API key ${apiKeyId} has no auth token.`);
  const credentials = { id: apiKeyId, token };
  credentialsOf.set(tokens, credentials);
  return credentials;
}
