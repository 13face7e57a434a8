import { z } from 'zod';

/**
 * Filters and sort orders of a list live in the address (validated search params), so a filtered
 * view can be shared and survives a reload. A value the schema refuses is dropped, never an error
 * page: an old or hand-edited link still opens the list.
 */

/** A sort order in the address: `field` ascending, `-field` descending. */
export type SortValue<Field extends string> = Field | `-${Field}`;

/** A filter's search param: its own schema, or nothing when the address holds something else. */
export function filterParam<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** Text in the address: trimmed, at most `max` characters, empty meaning none. */
const trimmedText = (max: number) =>
  filterParam(
    z
      .string()
      .trim()
      .max(max)
      .transform((text) => text || undefined),
  );

/** A free-text filter: trimmed, at most 200 characters, empty meaning none. */
export const textParam = trimmedText(200);

/**
 * IDs in the address, one a line (a line break is the one character no id holds): trimmed, empty
 * meaning none. Room for 30 ids of 128 characters, the most a list endpoint takes.
 */
export const idsParam = trimmedText(4000);

/** The sort param of a list sortable by `fields`. */
export function sortParam<Field extends string>(fields: readonly Field[]) {
  return filterParam(
    z.custom<SortValue<Field>>(
      (value) =>
        typeof value === 'string' &&
        (fields as readonly string[]).includes(value.replace(/^-/, '')),
    ),
  );
}

/** Empty strings and empty lists leave the address instead of sitting there as `?q=`. */
export function cleanSearch<S extends Record<string, unknown>>(patch: S): S {
  const cleaned: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch)) {
    const empty = value === '' || (Array.isArray(value) && value.length === 0);
    cleaned[name] = empty ? undefined : value;
  }
  return cleaned as S;
}
