import type { QueryClient } from '@tanstack/react-query';
import { authTokensQuery } from './auth-tokens-query';

const renewing = new Map<string, Promise<boolean>>();

/**
 * After the service refused a key's token (someone reset it): asks Get Auth Tokens for the current
 * one. Answers whether it is a new token, with which the refused pages can load again; a token the
 * service hands out and refuses at once is not asked for again and again. Refusals that arrive
 * together share one request.
 */
export function renewKeyToken(
  queryClient: QueryClient,
  workspaceId: string,
  apiKeyId: string,
): Promise<boolean> {
  const running = renewing.get(apiKeyId);
  if (running) return running;
  const options = authTokensQuery(workspaceId, apiKeyId);
  const before = queryClient.getQueryData(options.queryKey)?.[0]?.token;
  const renewal = queryClient
    .query({ ...options, staleTime: 0 })
    .then((tokens) => {
      const after = tokens[0]?.token;
      return after !== undefined && after !== before;
    })
    .finally(() => renewing.delete(apiKeyId));
  renewing.set(apiKeyId, renewal);
  return renewal;
}
