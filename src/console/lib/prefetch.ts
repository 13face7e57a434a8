/**
 * A route loader's prefetch, so the page opens with its data. Loaders ask for each query as it is
 * cached (`queryClient.query({ ...options, staleTime: 'static' })`, what `ensureQueryData` did
 * before this React Query deprecated it) and hand the requests here: a failure is left to the
 * page, which shows it in place with a retry, and the query client's policy has already acted on
 * a refused session or key.
 */
export function prefetch(...loads: Promise<unknown>[]): Promise<void> {
  return Promise.allSettled(loads).then(() => undefined);
}
