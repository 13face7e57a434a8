import { useEffect } from 'react';

interface PagedQueryState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Loads every page of a list while `when` holds: a list that the service neither filters nor
 * sorts can only be filtered or sorted in the browser over all its items, not over the pages that
 * scrolling happened to load. A failed page stops it; the table offers to try again.
 */
export function useAllPages(query: PagedQueryState, when: boolean): void {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (when && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [when, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
}
