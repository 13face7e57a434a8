import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type AnyEndpoint,
  type Answer,
  responseSchema,
  successMessage,
} from '../../contract/endpoint';
import { type AuthContexts, type CredentialChecks, authenticate } from './auth';
import type { RateLimitRule } from '../config';
import { type RateLimiter, limitMessage } from './rate-limit';
import { ServiceError, invalidArgument } from './service-error';
import { requestParser } from './validation';

export interface RequestContext<E extends AnyEndpoint> {
  auth: AuthContexts[E['auth']];
  ip: string;
  log: FastifyBaseLogger;
}

export type Handler<E extends AnyEndpoint> = (
  input: z.output<E['request']>,
  ctx: RequestContext<E>,
) => Promise<Answer<z.input<E['data']>>>;

/** A rate limit of one route: requests with the same key share one window. */
export interface RouteLimit {
  name: string;
  rule: RateLimitRule;
  /** The key to count under, e.g. the client address; undefined skips this limit. */
  key: (req: FastifyRequest) => string | undefined;
}

export interface BindOptions {
  checks: CredentialChecks;
  /** Absent when rate limits are switched off. */
  limiter: RateLimiter | undefined;
  /** Parse every answer with the contract's response schema (tests turn it on to catch drift). */
  checkResponses: boolean;
}

function envelope(e: AnyEndpoint, answer: Answer<unknown>): unknown {
  if (e.envelope === 'B') return { result: answer.data };
  if (e.envelope === 'C') {
    return { status: 'success', message: answer.message, data: answer.data, statusCode: 202 };
  }
  const result: Record<string, unknown> = {
    status: 'success',
    message: answer.message || successMessage,
    data: answer.data,
  };
  if (e.pageField) result[e.pageField] = answer.pageToken ?? null;
  return { result };
}

function dataOf(body: unknown): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('The request body must be a JSON object with a data field.');
  }
  return (body as { data?: unknown }).data;
}

/**
 * A serialiser for one endpoint's answers. A frozen answer is a cached, shared value that cannot
 * change, so its JSON is computed once instead of on every read; one map per endpoint, because
 * the same value answered by two endpoints is wrapped in different envelopes.
 */
function bodySerialiser(): (answer: Answer<unknown>, body: unknown) => string {
  const frozenBodies = new WeakMap<object, { message: string; text: string }>();
  return (answer, body) => {
    const data = answer.data;
    const reusable = typeof data === 'object' && data !== null && Object.isFrozen(data);
    if (!reusable || answer.pageToken !== undefined) return JSON.stringify(body);
    const message = answer.message;
    const known = frozenBodies.get(data);
    if (known?.message === message) return known.text;
    const text = JSON.stringify(body);
    frozenBodies.set(data, { message, text });
    return text;
  };
}

/** The one place where a contract entry becomes a route: auth, validation, envelope. */
export function bindEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  options: BindOptions,
  limits: readonly RouteLimit[] = [],
): void {
  const answerSchema = options.checkResponses ? responseSchema(e) : undefined;
  const parse = requestParser(e.request);
  const serialise = bodySerialiser();
  app.post(e.path, async (req, reply) => {
    // Limits come before authentication, so that guessing tokens is limited too.
    const limiter = options.limiter;
    if (limiter) {
      for (const limit of limits) {
        const key = limit.key(req);
        if (key !== undefined)
          limiter.hit(`${limit.name}:${key}`, limit.rule, limitMessage(limit.rule));
      }
    }
    const auth = (await authenticate(e.auth, req, options.checks)) as AuthContexts[E['auth']];
    const input = parse(dataOf(req.body));
    const answer = await handler(input as z.output<E['request']>, {
      auth,
      ip: req.ip,
      log: req.log,
    });
    const body = envelope(e, answer);
    if (answerSchema) {
      const checked = answerSchema.safeParse(body);
      if (!checked.success) {
        req.log.error({ issues: checked.error.issues }, 'answer does not match the contract');
        throw new ServiceError('INTERNAL', 'The service produced an answer outside its contract.');
      }
    }
    return reply
      .code(e.envelope === 'C' ? 202 : 200)
      .type('application/json; charset=utf-8')
      .send(serialise(answer, body));
  });
}
