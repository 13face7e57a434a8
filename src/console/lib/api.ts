import type { z } from 'zod';
import {
  type AnyEndpoint,
  type Answer,
  type AuthLevel,
  unwrapSuccess,
} from '../../contract/endpoint';
import { errorEnvelopeSchema } from '../../contract/errors';
import { ApiError } from './api-error';
import { getSession, type Session } from './session';

export interface CallOptions {
  signal?: AbortSignal;
  /** Credentials to use instead of the stored session's (sign-in checks them before storing). */
  credentials?: Partial<Session>;
}

function authHeaders(endpoint: AnyEndpoint, session: Partial<Session>): Record<string, string> {
  switch (endpoint.auth) {
    case 'public':
      return {};
    case 'workspace':
      return {
        ...(session.workspaceId ? { 'x-svc-workspace-id': session.workspaceId } : {}),
        ...(session.workspaceToken ? { 'x-svc-workspace-auth-token': session.workspaceToken } : {}),
      };
    case 'apiKey':
      return {
        ...(session.apiKey ? { 'x-svc-api-key': session.apiKey } : {}),
        ...(session.apiKeyToken ? { 'x-svc-auth-token': session.apiKeyToken } : {}),
      };
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
): Promise<{ body: unknown; status: number }> {
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
    return { body: await response.json(), status: response.status };
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
  body: unknown,
  status: number,
  credentials: AuthLevel = 'public',
): void {
  const failure = errorEnvelopeSchema.safeParse(body);
  if (failure.success) {
    throw new ApiError(failure.data.error.status, failure.data.error.message, status, credentials);
  }
}

/**
 * The one way the console talks to the service's API: POSTs `{ data }` to the endpoint's path with
 * the headers its auth level needs, and answers the unwrapped envelope, parsed by the contract's
 * schema. Every failure is an ApiError carrying the server's message.
 */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  data: z.input<E['request']>,
  options: CallOptions = {},
): Promise<Answer<z.output<E['data']>>> {
  const session = options.credentials ?? getSession() ?? {};
  const baseUrl = session.baseUrl ?? '';
  const { body, status } = await send(
    baseUrl,
    endpoint.path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeaders(endpoint, session) },
      body: JSON.stringify({ data }),
    },
    options.signal,
  );
  throwIfErrorEnvelope(body, status, endpoint.auth);
  try {
    return unwrapSuccess(endpoint, body) as Answer<z.output<E['data']>>;
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
  const { body, status } = await send(options.baseUrl, path, { method: 'GET' }, options.signal);
  throwIfErrorEnvelope(body, status);
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
