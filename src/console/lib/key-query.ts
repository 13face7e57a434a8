import { type QueryKey, queryOptions } from '@tanstack/react-query';

/**
 * A query of one API key's data. Its key names the API key by ID and `fetch` calls with that same
 * key's credentials; the token itself, a secret, stays out of cache keys (which is why the query
 * function is not written inline, where the lint rule would ask for the token in the key).
 */
export function keyQueryOptions<Key extends QueryKey, Data>(
  queryKey: Key,
  fetch: (signal: AbortSignal) => Promise<Data>,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal) });
}
