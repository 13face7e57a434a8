import type { z } from 'zod';
import { type AnyEndpoint, type Answer, unwrapSuccess } from '../../contract/endpoint';
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
 * The one way the console talks to the service: POSTs `{ data }` to the endpoint's path with the
 * headers its auth level needs, and answers the unwrapped envelope, parsed by the contract's
 * schema. Every failure is an ApiError; an aborted call rejects with the AbortError as it is, so
 * that React Query can tell cancellation from failure.
 */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  data: z.input<E['request']>,
  options: CallOptions = {},
): Promise<Answer<z.output<E['data']>>> {
  const session = options.credentials ?? getSession() ?? {};
  const baseUrl = session.baseUrl ?? '';
  const url = `${baseUrl}${endpoint.path}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...authHeaders(endpoint, session),
      },
      body: JSON.stringify({ data }),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      'UNAVAILABLE',
      `The service at ${describeBase(baseUrl)} could not be reached.`,
      0,
    );
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      'UNAVAILABLE',
      `The service at ${describeBase(baseUrl)} did not answer with JSON (HTTP ${response.status}).`,
      response.status,
    );
  }

  const failure = errorEnvelopeSchema.safeParse(body);
  if (failure.success) {
    throw new ApiError(failure.data.error.status, failure.data.error.message, response.status);
  }

  try {
    return unwrapSuccess(endpoint, body) as Answer<z.output<E['data']>>;
  } catch {
    throw new ApiError(
      'INVALID_RESPONSE',
      `The service at ${describeBase(baseUrl)} answered ${endpoint.name} in a shape this console does not understand (HTTP ${response.status}).`,
      response.status,
    );
  }
}
