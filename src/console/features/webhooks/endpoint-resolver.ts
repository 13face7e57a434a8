import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contract-resolver';
import { type EndpointValues, endpointFieldOf, metadataRowProblems } from './endpoint-values';

/**
 * The contract's schema on the request the form would send (`toRequest`), and the metadata rows'
 * own rules, which the map the schema sees can no longer show.
 */
export function endpointResolver<Output>(
  schema: z.ZodType<Output>,
  toRequest: (values: EndpointValues) => unknown,
): Resolver<EndpointValues, unknown, Output> {
  const bySchema = contractResolver<EndpointValues, Output>(schema, {
    build: (values) => ({ request: toRequest(values) }),
    fieldOf: (path, values) => endpointFieldOf(values)(path),
  });
  return async (values, context, options) => {
    const result = await bySchema(values, context, options);
    const rows = Object.entries(metadataRowProblems(values.metadata));
    if (rows.length === 0) return result;
    const errors: FieldErrors<EndpointValues> = { ...result.errors };
    for (const [name, message] of rows) set(errors, name, { type: 'validate', message });
    return { values: {}, errors };
  };
}
