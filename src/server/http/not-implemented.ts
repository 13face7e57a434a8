import type { FastifyInstance } from 'fastify';
import { pathsOf } from '#contract/endpoint';
import { allEndpoints } from '#contract/endpoints';
import { type AuthGate, admitCaller } from './auth';
import { ServiceError } from './service-error';

/**
 * Endpoints of the contract that no module implements yet still authenticate the caller, then
 * answer clearly that they are not built, rather than a bare 404 or an INTERNAL error.
 */
export function bindUnimplemented(
  app: FastifyInstance,
  bound: ReadonlySet<string>,
  gate: AuthGate,
): string[] {
  const missing = allEndpoints.filter((e) => !bound.has(e.path));
  for (const e of missing) {
    for (const path of pathsOf(e)) {
      app.post(path, async (req) => {
        await admitCaller(e, req, gate);
        throw new ServiceError('FAILED_PRECONDITION', 'Not implemented yet.');
      });
    }
  }
  return missing.map((e) => e.path);
}
