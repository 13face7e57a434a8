import { z } from 'zod';

/**
 * An `override` for a JSON Schema conversion that keeps the contract's descriptions (`.describe()`:
 * the rules of ids and names in words). They live in zod's global registry, which a conversion
 * given a registry of its own (to name the recursive schemas) does not read.
 */
export function withDescriptions(context: {
  zodSchema: unknown;
  jsonSchema: { description?: string | undefined };
}): void {
  const description = z.globalRegistry.get(context.zodSchema as z.ZodType)?.description;
  if (description !== undefined) context.jsonSchema.description ??= description;
}
