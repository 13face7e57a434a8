import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AnyEndpoint } from '#contract/endpoint';
import { type BindOptions, type Handler, type RequestContext, bindEndpoint } from './bind';
import type { RouteLimit } from '../rate-limits/route-limit';

/** A contract endpoint with its handler, ready to be bound by the app. */
export interface Route {
  endpoint: AnyEndpoint;
  bind(app: FastifyInstance, options: BindOptions): void;
}

/**
 * A route whose handler answers the whole Answer: a message that depends on the outcome, or a
 * page token beside the data.
 */
export function answerRoute<E extends AnyEndpoint>(
  endpoint: E,
  handler: Handler<E>,
  limits: readonly RouteLimit[] = [],
): Route {
  return {
    endpoint,
    bind: (app, options) => bindEndpoint(app, endpoint, handler, options, limits),
  };
}

/**
 * A route that answers `data` under a success message, the shape of most endpoints: declared as
 * data (endpoint, message, what to do) so that a module's routes read as a table.
 */
export function route<E extends AnyEndpoint>(
  endpoint: E,
  message: string | ((data: z.input<E['data']>) => string),
  run: (input: z.output<E['request']>, ctx: RequestContext<E>) => Promise<z.input<E['data']>>,
  limits: readonly RouteLimit[] = [],
): Route {
  return answerRoute(
    endpoint,
    async (input, ctx) => {
      const data = await run(input, ctx);
      return { data, message: typeof message === 'string' ? message : message(data) };
    },
    limits,
  );
}
