import type { z } from 'zod';
import { readJson } from '#contract/client';

/**
 * GETs one of the service's resources outside the contract (the local outbox), with the same
 * error handling as `call`; the answer is parsed by the caller's schema.
 */
export async function getJson<S extends z.ZodType>(
  path: `/${string}`,
  schema: S,
  options: { baseUrl: string; signal?: AbortSignal },
): Promise<z.output<S>> {
  return readJson({ baseUrl: options.baseUrl, name: 'console' }, path, schema, options);
}
