import type { z } from 'zod';
import { type AnyEndpoint, type Answer, unwrapSuccess } from '#contract/endpoint';
import { errorEnvelopeSchema } from '#contract/errors';

export interface Credentials {
  workspaceId?: string;
  workspaceToken?: string;
  apiKey?: string;
  authToken?: string;
}

/** An error envelope (or an unreachable service), with the status the service answered. */
export class CallFailed extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls endpoints of any server that speaks the contract, with the headers each endpoint's auth
 * level needs, and answers the unwrapped envelope; an error envelope throws CallFailed.
 */
export function contractClient(baseUrl: string, credentials: () => Credentials) {
  const headersFor = (endpoint: AnyEndpoint): Record<string, string> => {
    const c = credentials();
    if (endpoint.auth === 'workspace') {
      return {
        'x-svc-workspace-id': c.workspaceId ?? '',
        'x-svc-workspace-auth-token': c.workspaceToken ?? '',
      };
    }
    if (endpoint.auth === 'apiKey') {
      return { 'x-svc-api-key': c.apiKey ?? '', 'x-svc-auth-token': c.authToken ?? '' };
    }
    return {};
  };
  return async function call<E extends AnyEndpoint>(
    endpoint: E,
    data: z.input<E['request']>,
  ): Promise<Answer<z.output<E['data']>>> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${endpoint.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersFor(endpoint) },
        body: JSON.stringify({ data }),
      });
    } catch (error) {
      throw new CallFailed('UNAVAILABLE', `${baseUrl} could not be reached (${String(error)}).`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    const failure = errorEnvelopeSchema.safeParse(body);
    if (failure.success) {
      throw new CallFailed(
        failure.data.error.status,
        `${endpoint.name}: ${failure.data.error.message}`,
      );
    }
    return unwrapSuccess(endpoint, body) as Answer<z.output<E['data']>>;
  };
}

export type Call = ReturnType<typeof contractClient>;
