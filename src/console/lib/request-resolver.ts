import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { tidyValues } from './form-values';

/**
 * The contract's request schema as a form resolver (STYLE: one schema, both sides), applied to the
 * tidied values, so that the form refuses before sending exactly what the service would refuse.
 */
export function requestResolver<Values extends Record<string, string>, Output>(
  schema: z.ZodType<Output>,
  optional: readonly (keyof Values & string)[] = [],
): Resolver<Values, unknown, Output> {
  // The schema reads the tidied values rather than the form's strings, so the types part here.
  const resolve = zodResolver(schema as unknown as z.ZodType<Output, FieldValues>);
  return async (values, context, options) =>
    (await resolve(
      tidyValues(values, optional),
      context,
      options as unknown as ResolverOptions<FieldValues>,
    )) as ResolverResult<Values, Output>;
}
