import type { z } from 'zod';
import { type ClientConfig, callEndpoint } from '#contract/client-call';
import type { CredentialLevel, Credentials } from '#contract/credentials';
import type { AnyEndpoint, Answer } from '#contract/endpoint';
import type { ApiKeyCredentials } from './api-key';
import { getSession, type Session, signedInWithToken } from './session';

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

/** A token sign-in's credentials: the workspace's token, or the key's. */
function tokenCredentials(
  level: CredentialLevel,
  session: Partial<Session>,
  apiKey: ApiKeyCredentials | undefined,
): Credentials | undefined {
  if (level === 'workspace') {
    return { kind: level, id: session.workspaceId ?? '', token: session.workspaceToken ?? '' };
  }
  return level === 'apiKey' && apiKey
    ? { kind: level, id: apiKey.id, token: apiKey.token ?? '' }
    : undefined;
}

/** A person's: the browser sends the session's cookie; the call names the workspace and key. */
function personCredentials(
  level: CredentialLevel,
  session: Partial<Session>,
  apiKey: ApiKeyCredentials | undefined,
): Credentials | undefined {
  if (level === 'session') return { kind: 'session' };
  if (level === 'workspace') return { kind: 'session', workspaceId: session.workspaceId ?? '' };
  return apiKey && { kind: 'session', workspaceId: session.workspaceId ?? '', apiKeyId: apiKey.id };
}

/**
 * A person's calls carry the session cookie to a service on another origin of the same site too
 * (which answers its listed origins `Access-Control-Allow-Credentials`); the browser sends it to
 * the console's own origin in any case.
 */
const withCookie = (url: string, init: RequestInit) =>
  fetch(url, { ...init, credentials: 'include' });

/**
 * How the contract's client reaches the session's service: with the session's workspace, and
 * the key a call names; through the person's session cookie unless the tab holds a token.
 */
export function sessionClient(
  session: Partial<Session>,
  apiKey: ApiKeyCredentials | undefined,
): ClientConfig {
  const withToken = signedInWithToken(session);
  const credentials = withToken ? tokenCredentials : personCredentials;
  return {
    baseUrl: session.baseUrl ?? '',
    name: 'console',
    credentials: (level) => credentials(level, session, apiKey),
    ...(withToken || !session.baseUrl ? {} : { fetch: withCookie }),
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
