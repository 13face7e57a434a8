import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver for forms whose values are not the request itself: `toRequest` builds the request
 * the form would send (only the changed fields, say), the contract's schema checks it, and each
 * issue is put back on the form field it came from (`fieldOf`), or on `root` when it names none.
 * So the form refuses before sending exactly what the service would refuse.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  toRequest: (values: Values) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string | undefined,
): Resolver<Values, unknown, Output> {
  return (values) => {
    const parsed = schema.safeParse(toRequest(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const issue of parsed.error.issues) {
      const name = fieldOf(issue.path) ?? 'root';
      // The first problem of a field is the one to fix first.
      if (hasError(errors, name)) continue;
      set(errors, name, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

function hasError(errors: object, name: string): boolean {
  let at: unknown = errors;
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return at !== undefined;
}
