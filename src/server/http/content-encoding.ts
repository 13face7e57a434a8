import { Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from './service-error';

interface Coding {
  /** The coding's name in messages. */
  name: string;
  decoder: () => Transform;
}

/**
 * The content codings a request body may arrive in, and the decoder of each: a Map, so that a
 * header naming `constructor` or `__proto__` finds nothing.
 */
const codings = new Map<string, Coding>([
  ['gzip', { name: 'gzip', decoder: () => createGunzip() }],
  ['x-gzip', { name: 'gzip', decoder: () => createGunzip() }],
  // HTTP's deflate is the zlib format (RFC 9110 §8.4.1.2), not a raw deflate stream.
  ['deflate', { name: 'deflate', decoder: () => createInflate() }],
  ['br', { name: 'br', decoder: () => createBrotliDecompress() }],
]);

/** What a refusal tells the client it may send instead (RFC 9110 §12.5.3). */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

/**
 * The refusals of a body, each closing the connection: the rest of a body that was cut short, or
 * that could not be read, is not read on to find where the next request begins.
 */
const closing = { connection: 'close' };

const bodyTooLarge = () =>
  new ServiceError('INVALID_ARGUMENT', 'The request body is too large.', closing);

const notDecodable = (name: string) =>
  new ServiceError('INVALID_ARGUMENT', `The request body is not valid ${name}.`, closing);

/** 415 with the specification's INVALID_ARGUMENT envelope, naming what may be sent. */
const unsupportedEncoding = (header: string) =>
  new ServiceError(
    'INVALID_ARGUMENT',
    `The request body's Content-Encoding "${header}" is not supported: send it as gzip, deflate ` +
      'or br, or uncompressed.',
    { 'accept-encoding': ACCEPTED_ENCODINGS },
    415,
  );

/** The one coding of a request body, undefined for none; several stacked codings are refused. */
function codingOf(header: string | undefined): Coding | undefined {
  if (header === undefined) return undefined;
  const named = header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (named.length === 0) return undefined;
  const coding = named.length === 1 && named[0] !== undefined ? codings.get(named[0]) : undefined;
  if (!coding) throw unsupportedEncoding(header);
  return coding;
}

/** Whether bytes follow the headers: Fastify reads no body for a length of 0 or none given. */
function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A request body as it reads once decoded. Both sides are counted against the body limit: the
 * decoded bytes, so that a small body that inflates enormously (a "zip bomb") is refused once
 * past the limit and the decoder is stopped there, never holding more; and the bytes received,
 * since a stream can consume input without producing any. `receivedEncodedLength` is how Fastify
 * checks the received bytes against Content-Length.
 */
export class DecodedBody extends Readable {
  receivedEncodedLength = 0;
  decodedLength = 0;
  private readonly decoder: Transform;

  constructor(
    private readonly raw: Readable,
    coding: Coding,
    private readonly limitBytes: number,
  ) {
    super();
    this.decoder = coding.decoder();
    raw.on('data', this.onRaw);
    raw.once('end', () => {
      if (!this.destroyed) this.decoder.end();
    });
    // A client that goes away mid-body: its error (ECONNRESET) is the body's.
    raw.on('error', (error) => this.stop(error));
    this.decoder.on('data', this.onDecoded);
    this.decoder.once('end', () => this.push(null));
    this.decoder.on('error', () => this.stop(notDecodable(coding.name)));
  }

  private readonly onRaw = (chunk: Buffer) => {
    this.receivedEncodedLength += chunk.length;
    if (this.receivedEncodedLength > this.limitBytes) this.stop(bodyTooLarge());
    else if (!this.decoder.write(chunk)) {
      this.raw.pause();
      this.decoder.once('drain', () => this.raw.resume());
    }
  };

  private readonly onDecoded = (chunk: Buffer) => {
    this.decodedLength += chunk.length;
    if (this.decodedLength > this.limitBytes) this.stop(bodyTooLarge());
    else if (!this.push(chunk)) this.decoder.pause();
  };

  override _read(): void {
    this.decoder.resume();
  }

  /** Stops reading and decoding at once; the refusal closes the connection. */
  private stop(error: Error): void {
    if (this.destroyed) return;
    this.raw.off('data', this.onRaw);
    this.raw.pause();
    this.decoder.off('data', this.onDecoded);
    this.decoder.destroy();
    this.destroy(error);
  }
}

/**
 * Request bodies may be compressed with gzip, deflate or br (RFC 9110 §8.4), as a mature API's
 * clients send large bodies; the body limit holds for the decoded body. Any other coding is
 * refused with 415 before the body is read. Runs before any content-type parser, for every route.
 */
export function installContentDecoding(app: FastifyInstance, limitBytes: number): void {
  // A callback, not an async function: it runs on every request, and a promise per request costs.
  app.addHook('preParsing', (req, _reply, payload, done) => {
    let coding: Coding | undefined;
    try {
      coding = codingOf(req.headers['content-encoding']);
    } catch (err) {
      done(err as Error);
      return;
    }
    done(
      null,
      coding === undefined || !hasBody(req)
        ? payload
        : new DecodedBody(payload, coding, limitBytes),
    );
  });
}
