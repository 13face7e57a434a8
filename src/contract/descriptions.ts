import { z } from 'zod';
import { MAX_ID_LENGTH, NAME_PATTERN } from './common';
import { ID_PATTERN, ID_REFERENCE_PATTERN } from './ids';

// The rules of ids and names in words, for the OpenAPI document and the console's reference. Kept
// apart from common.ts, which the console's first load carries: the schemas carry the rules as
// patterns, and the words are put beside a pattern only where a schema is written out.

/** The rule of a new identifier (`id()`), `max` its length. */
export const idRule = (max = MAX_ID_LENGTH) =>
  `An identifier the caller chooses: 1 to ${max} characters, any text but control characters (U+0000–U+001F, U+007F–U+009F), the line and paragraph separators U+2028 and U+2029 and the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and not beginning or ending with whitespace. Spaces, commas, slashes and URL characters (: ? # % &) inside are kept: an id is always one exact value, compared whole.`;

/** The rule of an identifier that names stored data (`idRef()`). */
export const idReferenceRule = (max = MAX_ID_LENGTH) =>
  `An identifier of stored data: 1 to ${max} characters, not beginning or ending with whitespace, compared whole. Control characters are accepted here (not in a new id) so that data stored before the rule stays reachable.`;

/** The rule of a name (`nameSchema()`; a user's name in data may be empty). */
export const nameRule = (max: number | undefined, min = 1) =>
  `A name: trimmed, ${min > 0 ? '1' : '0'} to ${max ?? 'any number of'} characters, without control characters (U+0000–U+001F, U+007F–U+009F) or the line and paragraph separators U+2028 and U+2029.`;

type Bounds = { minLength?: number; maxLength?: number };

const rules = new Map<string, (bounds: Bounds) => string>([
  [ID_PATTERN.source, ({ maxLength }) => idRule(maxLength)],
  [ID_REFERENCE_PATTERN.source, ({ maxLength }) => idReferenceRule(maxLength)],
  [NAME_PATTERN.source, ({ minLength, maxLength }) => nameRule(maxLength, minLength ?? 0)],
]);

/**
 * An `override` for a JSON Schema conversion that writes the contract's descriptions: its own
 * (`.describe()`, kept in zod's global registry, which a conversion given a registry of its own
 * does not read), or else the words of the id or name rule whose pattern the field carries.
 */
export function withDescriptions(context: {
  zodSchema: unknown;
  jsonSchema: { description?: string | undefined; pattern?: string } & Bounds;
}): void {
  const { jsonSchema } = context;
  const own = z.globalRegistry.get(context.zodSchema as z.ZodType)?.description;
  const rule = jsonSchema.pattern === undefined ? undefined : rules.get(jsonSchema.pattern);
  const description = own ?? rule?.(jsonSchema);
  if (description !== undefined) jsonSchema.description ??= description;
}
