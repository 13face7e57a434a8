import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type ResolverOptions,
  set,
} from 'react-hook-form';
import type { z } from 'zod';
import { leafErrors } from './leaf-errors';

/** What a form's values make: the request to check, or the problems found before the contract. */
export type Built =
  | { request: unknown; problems?: undefined }
  | { request?: undefined; problems: Record<string, string> };

/**
 * A form resolver for forms whose values are not the request itself (JSON typed as text, a user
 * picked in parts): `build` makes the request, reporting what it cannot read (text that is not
 * JSON) on its field; the contract's schema then checks it through zodResolver, and each of its
 * issues lands on the form field it came from (`fieldOf` of the dotted path; an issue
 * inside a JSON field lands on that field, prefixed with the key it is about).
 */
export function contractResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  build: (values: Values) => Built,
  fieldOf: (path: string) => string,
): Resolver<Values, unknown, Output> {
  const resolve = zodResolver(schema as unknown as z.ZodType<Output, FieldValues>);
  return async (values, context, options) => {
    const built = build(values);
    const errors: FieldErrors<Values> = {};
    if (built.problems) {
      for (const [name, message] of Object.entries(built.problems)) {
        set(errors, name, { type: 'format', message });
      }
      return { values: {}, errors };
    }
    const result = await resolve(
      built.request as FieldValues,
      context,
      options as unknown as ResolverOptions<FieldValues>,
    );
    if (Object.keys(result.errors).length === 0)
      return { values: result.values as Output, errors: {} };
    for (const [path, error] of leafErrors(result.errors)) {
      // An issue of the whole request (path '') is the form's own: `root`.
      const name = fieldOf(path) || 'root';
      // The first problem of a field is the one to fix first.
      if (fieldError(errors, name)) continue;
      const at = path.lastIndexOf(`${name}.`);
      const inner = at === -1 ? '' : path.slice(at + name.length + 1);
      const message = inner ? `${inner}: ${error.message ?? ''}` : error.message;
      set(errors, name, { type: error.type, message });
    }
    return { values: {}, errors };
  };
}

function fieldError(errors: object, name: string): boolean {
  let at: unknown = errors;
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return at !== undefined;
}
