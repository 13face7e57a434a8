import { useMemo, useState } from 'react';

/** Rows chosen in a table, by their keys. */
export interface RowSelection {
  ids: ReadonlySet<string>;
  has: (id: string) => boolean;
  toggle: (id: string) => void;
  clear: () => void;
}

/** The rows chosen with a table's selection boxes, for an action on several at once. */
export function useRowSelection(): RowSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  return useMemo(
    () => ({
      ids,
      has: (id: string) => ids.has(id),
      toggle: (id: string) =>
        setIds((previous) => {
          const next = new Set(previous);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      clear: () => setIds(new Set()),
    }),
    [ids],
  );
}
