import type { FieldValues, Resolver } from 'react-hook-form';

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

/**
 * A resolver that checks (and hands on) what was typed with its ends trimmed: the console trims
 * text (docs/decisions/0086-console-forms.md), while the contract refuses an id that begins or ends
 * with a space rather than trimming it, so a pasted `acme corp ` is sent as `acme corp`, not
 * refused.
 */
export function trimmingValues<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
): Resolver<Values, Context, Output> {
  return (values, context, options) => resolver(trimStrings(values), context, options);
}
