import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type AnyEndpoint,
  type Answer,
  type AuthLevel,
  type DryRunDataOf,
  dryRunResponseSchema,
  isDryRun,
  pathsOf,
  responseSchema,
  successCode,
  successMessage,
} from '#contract/endpoint';
import { maskedFor } from '#contract/role-table';
import { type Role, roles } from '#contract/roles';
import { type AuditNote, unrecordedNote } from '../audit/audit-note';
import { type AuditSeam, type WriteCall, runAudited } from '../audit/audited-call';
import { type AuthContexts, type AuthGate, CredentialRefused, admitCaller, personOf } from './auth';
import type { Config } from '../config/config';
import { refusedCredentialLimits } from '../rate-limits/credential-limits';
import type { RouteLimit } from '../rate-limits/route-limit';
import type { FailureKey, FailureLimiter } from '../rate-limits/failure-limit';
import { jsonBytes } from './json-bytes';
import { maskFields } from './masking';
import { type RateLimiter, limitMessage } from '../rate-limits/rate-limit';
import { errorHandler } from './errors';
import { ServiceError, invalidArgument } from './service-error';
import { PendingSessionCookie, type SessionCookieWriter } from './session-cookie';
import { requestParser } from './validation';
import { type CheckedRead, type StartCheckedRead, checkedOrAgain } from '../db/read-check';

export interface RequestContext<E extends AnyEndpoint> {
  auth: AuthContexts[E['auth']];
  ip: string;
  /** The caller's User-Agent header, '' when none. */
  userAgent: string;
  log: FastifyBaseLogger;
  /** The answer's session cookie (Complete Login sets it, Sign Out clears it). */
  session: SessionCookieWriter;
  /** Where a write handler names the ids and settings its audit entry records. */
  audit: AuditNote;
}

/** What a handler answers: the endpoint's data, or for a dry run what the call would have done. */
export type HandlerAnswer<E extends AnyEndpoint> =
  Answer<z.input<E['data']>> | Answer<DryRunDataOf<E>>;

export type Handler<E extends AnyEndpoint> = (
  input: z.output<E['request']>,
  ctx: RequestContext<E>,
) => Promise<HandlerAnswer<E>>;

export interface BindOptions {
  /** The credential checks, and the origins whose pages may use a session. */
  gate: AuthGate;
  /** Absent when rate limits are switched off. */
  limiter: RateLimiter | undefined;
  /** Counts of failed requests; absent when rate limits are switched off. */
  failures: FailureLimiter | undefined;
  /** The limits' settings, for those every authenticated endpoint gets. */
  rateLimits: Config['rateLimits'];
  /** Parse every answer with the contract's response schema (tests turn it on to catch drift). */
  checkResponses: boolean;
  /** Records write endpoints' calls; every write endpoint runs in its transaction. */
  audit: AuditSeam;
  /** On PostgreSQL: reads admitted on credentials kept in memory carry their checks. */
  checkedReads?: StartCheckedRead | undefined;
}

function envelope(e: AnyEndpoint, answer: Answer<unknown>, dryRun: boolean): unknown {
  if (dryRun) return { result: { status: 'success', message: answer.message, data: answer.data } };
  if (e.envelope === 'B') return { result: answer.data };
  if (e.envelope === 'C') {
    return { status: 'success', message: answer.message, data: answer.data, statusCode: 202 };
  }
  const result: Record<string, unknown> = {
    status: 'success',
    message: answer.message || successMessage,
    data: answer.data,
  };
  if (e.pageField && (answer.pageToken || !e.pageTokenOmittedAtEnd)) {
    result[e.pageField] = answer.pageToken ?? null;
  }
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
 * A serialiser for one endpoint's answers, to UTF-8 bytes (`json-bytes.ts`: fast for text beyond
 * Latin-1). A frozen answer is a cached, shared value that cannot change, so its JSON is computed
 * once instead of on every read; one map per endpoint, because the same value answered by two
 * endpoints is wrapped in different envelopes.
 */
function bodySerialiser(): (answer: Answer<unknown>, body: unknown) => Buffer {
  const frozenBodies = new WeakMap<object, { message: string; bytes: Buffer }>();
  return (answer, body) => {
    const data = answer.data;
    const reusable = typeof data === 'object' && data !== null && Object.isFrozen(data);
    if (!reusable || answer.pageToken !== undefined) return jsonBytes(body);
    const message = answer.message;
    const known = frozenBodies.get(data);
    if (known?.message === message) return known.bytes;
    const bytes = jsonBytes(body);
    frozenBodies.set(data, { message, bytes });
    return bytes;
  };
}

async function hitLimit(
  limiter: RateLimiter,
  limit: RouteLimit,
  req: FastifyRequest,
  auth?: AuthContexts[AuthLevel],
): Promise<void> {
  const key = limit.key(req, auth);
  if (key !== undefined) {
    await limiter.hit(`${limit.name}:${key}`, limit.rule, limitMessage(limit.rule));
  }
}

/** The caller's User-Agent, as the audit log and a session record it. */
function userAgentOf(req: FastifyRequest): string {
  const value = req.headers['user-agent'];
  return typeof value === 'string' ? value : '';
}

/** What an endpoint's answer shows a person of a role: the secrets masked, or a reveal. */
interface SecretsShown {
  /** The fields of the answer the role may not see in clear. */
  masked: readonly string[] | undefined;
  /** The answer shows the role a secret in clear: a reveal, which the audit log records. */
  reveals: boolean;
}

/** The role table's secrets row of one endpoint, per role: it never changes once bound. */
function secretsShownBy(e: AnyEndpoint): Record<Role, SecretsShown> {
  const shown = (role: Role): SecretsShown => {
    const masked = maskedFor(role, e)?.fields;
    return { masked, reveals: e.access?.reveals !== undefined && masked === undefined };
  };
  return Object.fromEntries(roles.map((role) => [role, shown(role)])) as Record<Role, SecretsShown>;
}

/** Tokens see every secret, as before sessions existed, and their reads are not reveals. */
const shownToTokens: SecretsShown = { masked: undefined, reveals: false };

/** The failure limits of a route that count `err`, as the keys of this request. */
function failureKeys(limits: readonly RouteLimit[], req: FastifyRequest, err: unknown) {
  if (!(err instanceof ServiceError) || err.status === 'RESOURCE_EXHAUSTED') return [];
  const keys: FailureKey[] = [];
  for (const limit of limits) {
    if (limit.counts === 'refused' && !(err instanceof CredentialRefused)) continue;
    const key = limit.key(req);
    if (key !== undefined) {
      keys.push({
        key: `${limit.name}:${key}`,
        rule: limit.rule,
        message: limitMessage(limit.rule),
      });
    }
  }
  return keys;
}

/**
 * The one place where a contract entry becomes a route: auth, validation, the audit entry of a
 * write (in the write's transaction), envelope.
 */
export function bindEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  options: BindOptions,
  limits: readonly RouteLimit[] = [],
): void {
  const answerSchema = options.checkResponses ? responseSchema(e) : undefined;
  const dryRunSchema =
    options.checkResponses && e.dryRun
      ? dryRunResponseSchema({ ...e, dryRun: e.dryRun })
      : undefined;
  const parse = requestParser(e.request);
  const serialise = bodySerialiser();
  const counting = (...kinds: NonNullable<RouteLimit['counts']>[]) =>
    limits.filter((l) => kinds.includes(l.counts ?? 'every'));
  const every = counting('every');
  const authenticated = counting('authenticated');
  const failureLimits = [
    ...counting('failed', 'refused'),
    ...(e.auth === 'public' ? [] : refusedCredentialLimits(options.rateLimits, e.auth)),
  ];
  const lockouts = failureLimits.filter((l) => l.lockout !== false);
  const routeOptions = {
    // The endpoint's name labels its requests in /metrics.
    config: { endpoint: e.name },
    ...(e.numericErrorCode ? { errorHandler: errorHandler(true) } : {}),
  };
  const authInTransaction =
    e.write && e.dryRun === undefined && e.auth !== 'public' && authenticated.length === 0;
  const secretsShown = secretsShownBy(e);
  const shownTo = (auth: AuthContexts[AuthLevel]): SecretsShown => {
    const person = personOf(auth);
    return person === undefined ? shownToTokens : secretsShown[person.role];
  };
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const { limiter, failures } = options;
    let answer: HandlerAnswer<E>;
    let dryRun = false;
    /** The secrets of the answer the caller's role gets masked. */
    let masked: readonly string[] | undefined;
    const session = new PendingSessionCookie();
    try {
      // Limits come before authentication, so that guessing tokens is limited too.
      if (limiter) for (const limit of every) await hitLimit(limiter, limit, req);
      if (failures) {
        // From this process's memory: a call that succeeds reads no count.
        for (const limit of lockouts) {
          const key = limit.key(req);
          if (key !== undefined) {
            failures.check(`${limit.name}:${key}`, limit.rule, limitMessage(limit.rule));
          }
        }
      }
      const admitted = (auth: AuthContexts[E['auth']]) => {
        const input = parse(dataOf(req.body));
        const ctx = { auth, ip: req.ip, userAgent: userAgentOf(req), log: req.log, session };
        return { auth, input, ctx };
      };
      /**
       * The caller's credential, its limits and its input, or the refusal of one of them: at once
       * (no promise) when the credential is in memory and no limit counts the caller.
       */
      const admit = () => {
        const auth = admitCaller(e, req, options.gate);
        if (!(auth instanceof Promise) && !(limiter && authenticated.length > 0)) {
          return admitted(auth);
        }
        return (async () => {
          const known = await auth;
          if (limiter)
            for (const limit of authenticated) await hitLimit(limiter, limit, req, known);
          return admitted(known);
        })();
      };
      if (authInTransaction) {
        // A write without a dry run is admitted inside its own transaction: on PostgreSQL the
        // credential read then travels with BEGIN, one round trip and one pooled connection
        // fewer. A refused credential or input rolls back a transaction that wrote nothing.
        // (Limits counted per authenticated caller would need a second connection
        // mid-transaction: a route with one is admitted before, below.)
        const call: WriteCall = { endpoint: e, req, auth: {}, input: undefined };
        answer = await runAudited(options.audit, call, async (audit) => {
          const { auth, input, ctx } = await admit();
          call.auth = auth;
          call.input = input;
          masked = shownTo(auth).masked;
          return handler(input as z.output<E['request']>, { ...ctx, audit });
        });
      } else {
        // A read may be admitted on a credential kept in memory, its check sent with the read's
        // first statement (db/read-check.ts); it runs again, reading it, when the check fails.
        const read = async (checked: CheckedRead | undefined) => {
          const within = <T>(work: () => Promise<T>) => (checked ? checked.run(work) : work());
          // A checked read's admission registers its check inside the read (`checked.run`).
          const admission = checked ? checked.run(async () => admit()) : admit();
          const { auth, input, ctx } = admission instanceof Promise ? await admission : admission;
          dryRun = isDryRun(e, input);
          const shown = shownTo(auth);
          masked = shown.masked;
          const parsed = input as z.output<E['request']>;
          // A dry run changes nothing, so it records nothing, like a read; a read that shows a
          // person a secret in clear is recorded (DESIGN.md § Team access: every reveal).
          if ((e.write && !dryRun) || shown.reveals) {
            await checked?.settle();
            return runAudited(options.audit, { endpoint: e, auth, req, input }, (audit) =>
              handler(parsed, { ...ctx, audit }),
            );
          }
          return within(() => handler(parsed, { ...ctx, audit: unrecordedNote }));
        };
        // Without checked reads (the embedded database, a write) the read runs as it is.
        const checkedReads = e.write ? undefined : options.checkedReads;
        answer = await (checkedReads ? checkedOrAgain(checkedReads, read) : read(undefined));
      }
      if (masked && !dryRun) {
        answer = { ...answer, data: maskFields(answer.data, masked) } as HandlerAnswer<E>;
      }
    } catch (err) {
      // A failure past a limit is answered RESOURCE_EXHAUSTED in its stead.
      if (failures) await failures.fail(failureKeys(failureLimits, req, err));
      throw err;
    }
    const body = envelope(e, answer, dryRun);
    const schema = dryRun ? dryRunSchema : answerSchema;
    if (schema) {
      const checked = schema.safeParse(body);
      if (!checked.success) {
        req.log.error({ issues: checked.error.issues }, 'answer does not match the contract');
        throw new ServiceError('INTERNAL', 'The service produced an answer outside its contract.');
      }
    }
    session.applyTo(req, reply);
    return reply
      .code(successCode(e, dryRun))
      .type('application/json; charset=utf-8')
      .send(serialise(answer, body));
  };
  // One handler at every path of the endpoint: its limits, audit and answers are the same.
  for (const path of pathsOf(e)) app.post(path, routeOptions, handle);
}
