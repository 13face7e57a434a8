import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { cleanSearch, type SortValue } from './list-search';
import { type Sort, nextSort, readSort, writeSort } from './list-sort';

interface ListSearchOptions<Field extends string> {
  /** The list's own order, when the address names none; lists without one are not sortable. */
  defaultSort?: Sort<Field>;
}

type SearchUpdate = (previous: Record<string, unknown>) => Record<string, unknown>;

/**
 * The filters and sort order of a list, read from the page's validated search params and written
 * back to the address (replacing the history entry, so typing a filter does not add one per key).
 * `search` is the route's `useSearch()`; its schema (see list-search.ts) decides what is valid.
 */
export function useListSearch<S extends object, Field extends string = never>(
  search: S,
  { defaultSort }: ListSearchOptions<Field> = {},
) {
  const navigate = useNavigate();
  const write = useCallback(
    (patch: Record<string, unknown>) => {
      const update: SearchUpdate = (previous) => ({ ...previous, ...cleanSearch(patch) });
      // The router types navigation per route, and this hook serves every list's route; the
      // values come from that route's own schema, which validates them again on arrival.
      void navigate({ to: '.', search: update as never, replace: true });
    },
    [navigate],
  );
  const set = useCallback((patch: Partial<S>) => write(patch), [write]);
  const current = (search as { sort?: SortValue<Field> }).sort;
  const sort = useMemo(
    () => (defaultSort ? readSort(current, defaultSort) : undefined),
    [current, defaultSort],
  );
  const sortBy = useCallback(
    (field: Field) => {
      if (!defaultSort || !sort) return;
      write({ sort: writeSort(nextSort(sort, field), defaultSort) });
    },
    [defaultSort, sort, write],
  );
  return { search, set, sort, sortBy };
}
