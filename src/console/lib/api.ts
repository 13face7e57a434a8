import type { z } from 'zod';
import { type ClientConfig, callEndpoint } from '#contract/client-call';
import type { AnyEndpoint, Answer } from '#contract/endpoint';
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

/**
 * How the contract's client reaches the session's service: with the session's workspace, and
 * the key a call names.
 */
export function sessionClient(
  session: Partial<Session>,
  apiKey: ApiKeyCredentials | undefined,
): ClientConfig {
  return {
    baseUrl: session.baseUrl ?? '',
    name: 'console',
    credentials: (level) =>
      level === 'workspace'
        ? { kind: level, id: session.workspaceId ?? '', token: session.workspaceToken ?? '' }
        : apiKey && { kind: level, id: apiKey.id, token: apiKey.token },
  };
}

/**
 * The one way the console talks to the service's API: the contract's client with the headers
 * the endpoint's auth level needs (an API-key endpoint: the key it is given), answering the
 * unwrapped envelope, parsed by the contract's schema. Every failure is an ApiError (the contract's CallError) carrying the
 * server's message and the credentials it refused; an AbortError passes as it is.
 */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  data: z.input<E['request']>,
  ...[options]: OptionsFor<E>
): Promise<Answer<z.output<E['data']>>> {
  const apiKey = options && 'apiKey' in options ? options.apiKey : undefined;
  const client = sessionClient(options?.credentials ?? getSession() ?? {}, apiKey);
  return callEndpoint(client, endpoint, data, { signal: options?.signal });
}
