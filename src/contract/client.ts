import type { z } from 'zod';
import {
  type ClientConfig,
  type SendOptions,
  answered,
  callEndpoint,
  exchange,
  parseJson,
  post,
} from './client-call';
import type { AnyEndpoint, DataOf, DryRunDataOf, EnvelopeKind } from './endpoint';
import type { ErrorEnvelope } from './errors';

export interface Reply<B = unknown> {
  status: number;
  body: B;
  headers: Headers;
}

type SuccessBodies<D> = {
  A: {
    result: {
      status: string;
      message: string;
      data: D;
      pageToken?: string | null;
      nextPageToken?: string | null;
    };
  };
  B: { result: D };
  C: { status: string; message: string; data: D; statusCode: number };
};

/**
 * An endpoint's reply body as a test reads it: the fields of its success envelope and of the error
 * envelope, whichever the HTTP status says arrived.
 */
export type ReplyBody<E extends AnyEndpoint> = SuccessBodies<DataOf<E>>[E['envelope'] &
  EnvelopeKind] &
  ErrorEnvelope;

/** A dry run's reply body as a test reads it: envelope A around the endpoint's dry-run data. */
export type DryRunReplyBody<E extends AnyEndpoint> = SuccessBodies<DryRunDataOf<E>>['A'] &
  ErrorEnvelope;

/** POSTs to the endpoint and answers its reply as it arrived: status, headers, parsed body. */
export async function sendTo<E extends AnyEndpoint>(
  config: ClientConfig,
  endpoint: E,
  data?: unknown,
  options: SendOptions = {},
): Promise<Reply<ReplyBody<E>>> {
  const { status, headers, text } = await post(config, endpoint, data, options);
  const body = parseJson(text);
  return { status, headers, body: (body === undefined ? text : body) as ReplyBody<E> };
}

/**
 * GETs one of the service's resources outside the contract (the local outbox), with the same
 * failures as a call; the body is parsed by the caller's schema.
 */
export async function readJson<S extends z.ZodType>(
  config: ClientConfig,
  path: `/${string}`,
  schema: S,
  options: Pick<SendOptions, 'signal'> = {},
): Promise<z.output<S>> {
  const arrived = await exchange(config, path, {
    headers: { accept: 'application/json' },
    signal: options.signal ?? null,
  });
  return answered(config, arrived, path, path, (body) => schema.parse(body));
}

/**
 * A client of any service that speaks the contract: it POSTs `{ data }` to an endpoint's path with
 * the credentials its auth level accepts. `call` answers the unwrapped, schema-checked answer and
 * throws a CallError for anything else; `send` answers the reply as it arrived, for callers (tests)
 * that look at envelopes and HTTP statuses themselves. An aborted request rejects with the
 * AbortError as it is, so that callers can tell cancellation from failure. (The functions it
 * binds are exported too, so that a bundle holds only the ones it uses.)
 */
export function createClient(config: ClientConfig) {
  return {
    send: <E extends AnyEndpoint>(endpoint: E, data?: unknown, options?: SendOptions) =>
      sendTo(config, endpoint, data, options),
    call: <E extends AnyEndpoint>(
      endpoint: E,
      data: z.input<E['request']>,
      options?: SendOptions,
    ) => callEndpoint(config, endpoint, data, options),
    read: <S extends z.ZodType>(
      path: `/${string}`,
      schema: S,
      options?: Pick<SendOptions, 'signal'>,
    ) => readJson(config, path, schema, options),
  };
}

export type Client = ReturnType<typeof createClient>;
