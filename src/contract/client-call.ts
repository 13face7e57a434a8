import type { z } from 'zod';
import { type Credentials, type CredentialsSource, headersOf } from './credentials';
import { type AnyEndpoint, type Answer, type DataOf, isDryRun, unwrapSuccess } from './endpoint';
import { type ErrorStatus, errorEnvelopeSchema } from './errors';

/*
 * What a call of an endpoint needs, apart from the rest of the client (client.ts), so that the
 * console's first page loads only this.
 */

/**
 * Statuses a client adds for failures that never produced an error envelope: the service could
 * not be reached or did not answer JSON (UNAVAILABLE), or answered JSON the contract does not
 * describe (INVALID_RESPONSE, usually a server that speaks another version of the contract).
 */
export type ClientErrorStatus = 'UNAVAILABLE' | 'INVALID_RESPONSE';

export interface CallErrorDetails {
  /** The answer's Retry-After, in milliseconds from when it arrived. */
  retryAfterMs?: number | undefined;
  /** The credentials the call presented, when the service's error envelope answered them. */
  presented?: Credentials | null | undefined;
}

/** What a call that did not succeed throws: the service's error envelope, or why there was none. */
export class CallError extends Error {
  override readonly name = 'CallError';
  /** When the answer said the request may be sent again (its Retry-After), in epoch ms. */
  readonly retryAt: number | undefined;
  /**
   * The credentials that the service's error envelope answered, so that a caller holding several
   * (the console: the workspace's and a key's) drops only the refused ones.
   */
  readonly presented: Credentials | null | undefined;

  constructor(
    readonly status: ErrorStatus | ClientErrorStatus,
    message: string,
    /** HTTP status of the answer; 0 when there was none. */
    readonly httpStatus: number,
    { retryAfterMs, presented }: CallErrorDetails = {},
  ) {
    super(message);
    this.retryAt = retryAfterMs === undefined ? undefined : Date.now() + retryAfterMs;
    this.presented = presented;
  }
}

/** A Retry-After header of delay-seconds, in milliseconds; undefined when absent or a date. */
export function retryAfterMs(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : undefined;
}

export interface ClientConfig {
  /** Where the service is; '' means the origin of the page the client runs in. */
  baseUrl: string;
  credentials?: CredentialsSource;
  /** How the client names itself when the service answers a shape it does not understand. */
  name?: string;
  /** What sends the request; the global fetch unless a test runner brings its own. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface SendOptions {
  signal?: AbortSignal;
  /** Credentials to present instead of the source's, whatever the level; null presents none. */
  credentials?: Credentials | null;
  /** More headers, e.g. a request id or an origin. */
  headers?: Record<string, string>;
  /**
   * Send to the endpoint's second path (`alsoAt`, the hosted product's newer one) instead of the
   * specification's; an endpoint without one has only its `path`.
   */
  newerPath?: boolean;
}

/** The path a request to the endpoint goes to: the specification's, or the newer one asked for. */
export function pathOf(endpoint: AnyEndpoint, options: SendOptions = {}): `/${string}` {
  return (options.newerPath && endpoint.alsoAt) || endpoint.path;
}

export interface Arrived {
  status: number;
  headers: Headers;
  text: string;
  /** The credentials the request presented. */
  presented?: Credentials | null | undefined;
}

/** The body as JSON; undefined (which JSON cannot say) when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const serviceAt = ({ baseUrl }: ClientConfig) =>
  `The service at ${baseUrl || globalThis.location?.origin}`;

export async function exchange(
  config: ClientConfig,
  path: string,
  init: RequestInit,
): Promise<Arrived> {
  const { signal } = init;
  let response: Response;
  try {
    response = await (config.fetch ?? fetch)(`${config.baseUrl}${path}`, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CallError('UNAVAILABLE', `${serviceAt(config)} could not be reached.`, 0);
  }
  // A body cut off on its way is read as one that is not JSON.
  const text = await response.text().catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return '';
  });
  return { status: response.status, headers: response.headers, text };
}

/** POSTs `{ data }` to the endpoint with the credentials its level takes (or the call gives). */
export async function post(
  config: ClientConfig,
  endpoint: AnyEndpoint,
  data: unknown,
  options: SendOptions,
): Promise<Arrived> {
  const presented =
    options.credentials !== undefined
      ? options.credentials
      : endpoint.auth !== 'public'
        ? config.credentials?.(endpoint.auth)
        : undefined;
  const arrived = await exchange(config, pathOf(endpoint, options), {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(presented ? headersOf(presented) : {}),
      ...options.headers,
    },
    body: JSON.stringify({ data }),
    signal: options.signal ?? null,
  });
  return { ...arrived, presented };
}

/**
 * What `read` makes of a success's JSON body; anything else throws its CallError: a body that is
 * not JSON, an error envelope, or a body `read` does not understand (INVALID_RESPONSE).
 */
export function answered<T>(
  config: ClientConfig,
  { status, headers, text, presented }: Arrived,
  path: string,
  asked: string,
  read: (body: unknown) => T,
): T {
  const body = parseJson(text);
  const service = serviceAt(config);
  if (body === undefined) {
    throw new CallError(
      'UNAVAILABLE',
      `${service} did not answer ${path} with JSON (HTTP ${status}).`,
      status,
    );
  }
  const failure = errorEnvelopeSchema.safeParse(body);
  if (failure.success) {
    const { error } = failure.data;
    throw new CallError(error.status, error.message, status, {
      retryAfterMs: retryAfterMs(headers.get('retry-after')),
      presented,
    });
  }
  try {
    return read(body);
  } catch {
    throw new CallError(
      'INVALID_RESPONSE',
      `${service} answered ${asked} in a shape this ${config.name ?? 'client'} does not understand (HTTP ${status}).`,
      status,
    );
  }
}

/** The reply to a request to the endpoint as it arrived, typed as the endpoint's envelopes. */
export async function callEndpoint<E extends AnyEndpoint>(
  config: ClientConfig,
  endpoint: E,
  data: z.input<E['request']>,
  options: SendOptions = {},
): Promise<Answer<DataOf<E>>> {
  const arrived = await post(config, endpoint, data, options);
  return answered(
    config,
    arrived,
    pathOf(endpoint, options),
    endpoint.name,
    (body) => unwrapSuccess(endpoint, body, isDryRun(endpoint, data)) as Answer<DataOf<E>>,
  );
}
