/** Where a table's rows stand: loading, failed, and whether more pages can be loaded. */
export interface TableStatus {
  pending: boolean;
  /** The failure of the first load; null once there are rows to show. */
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  /** The failure of loading the next page; the rows loaded so far stay. */
  loadMoreError: unknown;
  onLoadMore: () => void;
}

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => unknown;
}

interface PagedQuery extends ListQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A query's state as the table shows it. A failed background refresh of rows already shown is
 * not the table's to show (the query client's policy toasts it); the rows stay.
 */
export function tableStatus(query: ListQuery | PagedQuery): TableStatus {
  const paged = 'fetchNextPage' in query ? query : undefined;
  return {
    pending: query.isPending,
    error: query.isError && query.data === undefined ? query.error : null,
    onRetry: () => void query.refetch(),
    hasMore: paged?.hasNextPage ?? false,
    loadingMore: paged?.isFetchingNextPage ?? false,
    loadMoreError: paged?.isFetchNextPageError ? paged.error : null,
    onLoadMore: () => void paged?.fetchNextPage(),
  };
}
