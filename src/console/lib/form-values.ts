import type { z } from 'zod';

/**
 * What a form sends for what was typed: text trimmed, and a blank optional field left out. Inputs
 * always hold a string, while the contract tells an absent optional field from an empty one; an
 * admin who leaves a field blank means "not given", not "given as empty".
 */
export function tidyValues(
  values: Readonly<Record<string, string>>,
  optional: readonly string[],
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const trimmed = value.trim();
      return [name, trimmed === '' && optional.includes(name) ? undefined : trimmed];
    }),
  );
}

/**
 * The first message of each field in a failed parse, keyed by the field's name: what a form shows
 * under its fields when it checks a contract schema without a form library.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [field] = issue.path;
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Every string of a form's values trimmed, arrays and objects walked, anything else as it is. */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((item: unknown) => trimStrings(item)) as T;
  if (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, trimStrings(item)]),
    ) as T;
  }
  return value;
}
