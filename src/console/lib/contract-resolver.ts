import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { trimStrings } from './form-values';

/** What a form's values make: the request to check, or the problems found before the contract. */
export type Built =
  | { request: unknown; problems?: undefined }
  | { request?: undefined; problems: Record<string, string> };

/** How a form's values meet the contract's request schema (every part has a default). */
export interface ContractWiring<Values extends FieldValues> {
  /**
   * The request the values make: blank optional fields left out, JSON typed as text read, only
   * what changed against a saved value; or, per field, what stops it being made (text that is not
   * JSON). By default the values themselves with every string trimmed: the console trims text
   * (docs/decisions/0086-console-forms.md), while the contract refuses an id that begins or ends
   * with a space.
   */
  build?: (values: Values) => Built;
  /**
   * The form field that shows an issue of the request, from the issue's path (and the values,
   * when rows are counted differently on screen). By default the path itself, for a form whose
   * values are the request. No field (undefined, '' or 'root') is a rule of the whole form.
   */
  fieldOf?: (path: readonly PropertyKey[], values: Values) => string | undefined;
  /**
   * An issue deeper than its field says which key it is about (`status: must be …`): for a JSON
   * object typed as text, where the field alone would not say which of its keys is wrong.
   */
  namesInnerKey?: boolean;
}

const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.');

const trimmed = (values: FieldValues): Built => ({ request: trimStrings(values) });

/**
 * The one way a console form checks what it would send (STYLE: one schema, both sides): the
 * contract's request schema on the request the values make, each issue put on the form field it
 * came from, so that the form refuses before sending exactly what the service would refuse.
 * Errors are nested as react-hook-form nests a resolver's (a rule of a list of rows lands on
 * `<list>.root`). Rules the contract leaves to the console wrap this resolver in the feature.
 */
export function contractResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  {
    build = trimmed,
    fieldOf = (path) => dotted(path),
    namesInnerKey = false,
  }: ContractWiring<Values> = {},
): Resolver<Values, unknown, Output> {
  return async (values, _context, options) => {
    const built = build(values);
    const found: Record<string, FieldError> = {};
    if (built.problems) {
      for (const [name, message] of Object.entries(built.problems)) {
        found[name] = { type: 'format', message };
      }
      return { values: {}, errors: toNestErrors<Values>(found, options) };
    }
    const parsed = await schema.safeParseAsync(built.request);
    if (parsed.success) return { values: parsed.data, errors: {} };
    for (const issue of parsed.error.issues) {
      const name = fieldOf(issue.path, values) || 'root';
      // The first problem of a field is the one to fix first.
      if (name in found) continue;
      const path = dotted(issue.path);
      const at = path.lastIndexOf(`${name}.`);
      const inner = namesInnerKey && at !== -1 ? path.slice(at + name.length + 1) : '';
      found[name] = {
        type: issue.code,
        message: inner ? `${inner}: ${issue.message}` : issue.message,
      };
    }
    return { values: {}, errors: toNestErrors<Values>(found, options) };
  };
}
