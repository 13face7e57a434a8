import type { z } from 'zod';
import { describeIssue } from './validation';

/** One item's line in a multi-item answer: `{ success, id, message }`. */
export interface ItemResult {
  success: boolean;
  id: string;
  message: string;
}

export const succeeded = (id: string, message: string): ItemResult => ({
  success: true,
  id,
  message,
});
export const failed = (id: string, message: string): ItemResult => ({
  success: false,
  id,
  message,
});

/**
 * The `data` of a multi-item answer: a map keyed by each item's id, in the order of the request,
 * with what `outcome` says of the item (`{ success, id, message }`, or an endpoint's own shape).
 * The call's status stays `success` whatever single items answer.
 */
export function resultMap<T, R>(
  items: readonly T[],
  idOf: (item: T) => string,
  outcome: (item: T, id: string) => R,
): Record<string, R> {
  const map: Record<string, R> = {};
  for (const item of items) {
    const id = idOf(item);
    map[id] = outcome(item, id);
  }
  return map;
}

/**
 * Per-item validation for the multi-item calls where the specification lets single items fail:
 * each raw item is checked against its schema; those that pass are returned parsed, the others
 * as failed results whose message names the field (`data.users[2].email must be …`).
 */
export function splitValidItems<S extends z.ZodType>(
  field: string,
  raw: readonly unknown[],
  schema: S,
  idOf: (raw: unknown, index: number) => string,
): { valid: { id: string; item: z.output<S> }[]; invalid: Record<string, ItemResult> } {
  const valid: { id: string; item: z.output<S> }[] = [];
  const invalid: Record<string, ItemResult> = {};
  raw.forEach((candidate, index) => {
    const id = idOf(candidate, index);
    const parsed = schema.safeParse(candidate);
    if (parsed.success) {
      valid.push({ id, item: parsed.data });
      return;
    }
    const issue = parsed.error.issues[0];
    const message = issue
      ? describeIssue({ ...issue, path: [field, index, ...issue.path] })
      : `data.${field}[${index}] is not valid`;
    invalid[id] = failed(id, message);
  });
  return { valid, invalid };
}
