import type { SortValue } from './list-search';

export interface Sort<Field extends string> {
  by: Field;
  desc: boolean;
}

export function readSort<Field extends string>(
  value: SortValue<Field> | undefined,
  fallback: Sort<Field>,
): Sort<Field> {
  if (!value) return fallback;
  const desc = value.startsWith('-');
  return { by: (desc ? value.slice(1) : value) as Field, desc };
}

/** The param for a sort order; undefined for the list's own order, which stays out of the address. */
export function writeSort<Field extends string>(
  sort: Sort<Field>,
  fallback: Sort<Field>,
): SortValue<Field> | undefined {
  if (sort.by === fallback.by && sort.desc === fallback.desc) return undefined;
  return sort.desc ? `-${sort.by}` : sort.by;
}

/** A click on a column header: the same column flips its direction, another starts ascending. */
export function nextSort<Field extends string>(current: Sort<Field>, by: Field): Sort<Field> {
  return current.by === by ? { by, desc: !current.desc } : { by, desc: false };
}

/** What a row can be sorted by. */
export type SortableValue = string | number | boolean | null | undefined;

/** Compares two values for sorting: numbers by value, text (ISO times too) as people read it. */
export function compareValues(a: SortableValue, b: SortableValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
}

/** The rows in `sort` order, by the value `valueOf` reads from each; the input is not changed. */
export function sortRows<Row, Field extends string>(
  rows: readonly Row[],
  sort: Sort<Field>,
  valueOf: (row: Row, field: Field) => SortableValue,
): Row[] {
  const direction = sort.desc ? -1 : 1;
  return [...rows].sort(
    (a, b) => direction * compareValues(valueOf(a, sort.by), valueOf(b, sort.by)),
  );
}
