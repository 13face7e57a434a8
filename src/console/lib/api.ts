import type { z } from 'zod';
import {
  type AnyEndpoint,
  type Answer,
  type AuthLevel,
  isDryRun,
  unwrapSuccess,
} from '#contract/endpoint';
import { errorEnvelopeSchema } from '#contract/errors';
import { ApiError, retryAfterMs } from './api-error';
import type { ApiKeyCredentials } from './api-key';
import { getSession, type Session } from './session';

export interface CallOptions {
  signal?: AbortSignal;
  /** Workspace credentials to use instead of the stored session's (sign-in checks them first). */
  credentials?: Partial<Session>;
}

export interface ApiKeyCallOptions extends CallOptions {
  /** The key and token an API-key endpoint is called with; the caller's, never a global one. */
  apiKey: ApiKeyCredentials;
}

/** API-key endpoints cannot be called without naming the key: the type asks for it. */
type OptionsFor<E extends AnyEndpoint> = E['auth'] extends 'apiKey'
  ? [options: ApiKeyCallOptions]
  : [options?: CallOptions];

/** The headers an endpoint's auth level asks for, from the session or the key given. */
export function authHeaders(
  endpoint: AnyEndpoint,
  session: Partial<Session>,
  apiKey: ApiKeyCredentials | undefined,
): Record<string, string> {
  switch (endpoint.auth) {
    case 'public':
      return {};
    case 'workspace':
      return {
        ...(session.workspaceId ? { 'x-svc-workspace-id': session.workspaceId } : {}),
        ...(session.workspaceToken ? { 'x-svc-workspace-auth-token': session.workspaceToken } : {}),
      };
    case 'apiKey':
      return apiKey ? { 'x-svc-api-key': apiKey.id, 'x-svc-auth-token': apiKey.token } : {};
  }
}

function describeBase(baseUrl: string): string {
  return baseUrl || window.location.origin;
}

/**
 * Sends one request and answers its JSON body with the HTTP status; a failure to reach the service
 * or an answer that is not JSON becomes an ApiError. An aborted request rejects with the AbortError
 * as it is, so that React Query can tell cancellation from failure.
 */
async function send(
  baseUrl: string,
  path: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  signal: AbortSignal | undefined,
): Promise<{ body: unknown; status: number; retryAfterMs: number | undefined }> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      'UNAVAILABLE',
      `The service at ${describeBase(baseUrl)} could not be reached.`,
      0,
    );
  }
  try {
    return {
      body: await response.json(),
      status: response.status,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      'UNAVAILABLE',
      `The service at ${describeBase(baseUrl)} did not answer ${path} with JSON (HTTP ${response.status}).`,
      response.status,
    );
  }
}

function throwIfErrorEnvelope(
  answer: { body: unknown; status: number; retryAfterMs: number | undefined },
  credentials: AuthLevel = 'public',
  apiKeyId?: string,
): void {
  const failure = errorEnvelopeSchema.safeParse(answer.body);
  if (failure.success) {
    const { status: errorStatus, message } = failure.data.error;
    throw new ApiError(errorStatus, message, answer.status, credentials, apiKeyId, {
      retryAfterMs: answer.retryAfterMs,
    });
  }
}

/**
 * The one way the console talks to the service's API: POSTs `{ data }` to the endpoint's path with
 * the headers its auth level needs (an API-key endpoint: the key it is given), and answers the
 * unwrapped envelope, parsed by the contract's schema. Every failure is an ApiError carrying the
 * server's message.
 */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  data: z.input<E['request']>,
  ...[options]: OptionsFor<E>
): Promise<Answer<z.output<E['data']>>> {
  const session = options?.credentials ?? getSession() ?? {};
  const apiKey = options && 'apiKey' in options ? options.apiKey : undefined;
  const baseUrl = session.baseUrl ?? '';
  const answer = await send(
    baseUrl,
    endpoint.path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeaders(endpoint, session, apiKey) },
      body: JSON.stringify({ data }),
    },
    options?.signal,
  );
  throwIfErrorEnvelope(answer, endpoint.auth, apiKey?.id);
  const { body, status } = answer;
  try {
    return unwrapSuccess(endpoint, body, isDryRun(endpoint, data)) as Answer<z.output<E['data']>>;
  } catch {
    throw new ApiError(
      'INVALID_RESPONSE',
      `The service at ${describeBase(baseUrl)} answered ${endpoint.name} in a shape this console does not understand (HTTP ${status}).`,
      status,
    );
  }
}

/**
 * GETs one of the service's resources outside the contract (the local outbox), with the same
 * error handling as `call`; the answer is parsed by the caller's schema.
 */
export async function getJson<S extends z.ZodType>(
  path: `/${string}`,
  schema: S,
  options: { baseUrl: string; signal?: AbortSignal },
): Promise<z.output<S>> {
  const answer = await send(options.baseUrl, path, { method: 'GET' }, options.signal);
  throwIfErrorEnvelope(answer);
  const { body, status } = answer;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      'INVALID_RESPONSE',
      `The service at ${describeBase(options.baseUrl)} answered ${path} in a shape this console does not understand (HTTP ${status}).`,
      status,
    );
  }
  return parsed.data;
}
