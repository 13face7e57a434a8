import { PassThrough, type Readable } from 'node:stream';
import { brotliCompressSync, createGunzip, createInflate, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DecodedBody } from './content-encoding';

const LIMIT = 1024 * 1024;
const CHUNK = 16 * 1024;

/** A request body arriving in chunks, as a socket delivers one. */
function arriving(bytes: Buffer): Readable {
  const raw = new PassThrough();
  for (let at = 0; at < bytes.length; at += CHUNK) raw.write(bytes.subarray(at, at + CHUNK));
  raw.end();
  return raw;
}

/** Reads a body to its end or its error, counting the bytes the reader was handed. */
async function readAll(body: Readable): Promise<{ handed: number; error?: Error }> {
  let handed = 0;
  try {
    for await (const chunk of body) handed += (chunk as Buffer).length;
    return { handed };
  } catch (error) {
    return { handed, error: error as Error };
  }
}

const gzip = { name: 'gzip', decoder: () => createGunzip() };
const deflate = { name: 'deflate', decoder: () => createInflate() };

describe('a decoded request body', () => {
  it('decodes a body within the limit whole', async () => {
    const text = JSON.stringify({ data: { note: 'ü'.repeat(50_000) } });
    const body = new DecodedBody(arriving(gzipSync(text)), gzip, LIMIT);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
    expect(body.receivedEncodedLength).toBe(gzipSync(text).length);
  });

  it('stops decoding a zip bomb once past the limit, holding no more than the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(32 * LIMIT));
    const body = new DecodedBody(arriving(bomb), gzip, LIMIT);
    const { handed, error } = await readAll(body);
    expect(error?.message).toBe('The request body is too large.');
    expect(handed).toBeLessThanOrEqual(LIMIT);
    // Decoding stopped within one output chunk of the limit: not 32 MB.
    expect(body.decodedLength).toBeLessThanOrEqual(LIMIT + 64 * 1024);
  });

  it('counts the bytes received too, for input that decodes to nothing', async () => {
    // A gzip header whose comment field never ends: the decoder consumes it all, producing
    // nothing, so only the received bytes can stop it.
    const header = Buffer.from([0x1f, 0x8b, 0x08, 0x10, 0, 0, 0, 0, 0, 0xff]);
    const endless = Buffer.concat([header, Buffer.alloc(4 * LIMIT, 0x61)]);
    const body = new DecodedBody(arriving(endless), gzip, LIMIT);
    const { handed, error } = await readAll(body);
    expect(error?.message).toBe('The request body is too large.');
    expect(handed).toBe(0);
    expect(body.receivedEncodedLength).toBeLessThanOrEqual(LIMIT + CHUNK);
  });

  it('refuses bytes that are not in the coding named, naming it', async () => {
    const body = new DecodedBody(arriving(brotliCompressSync('{"data":{}}')), deflate, LIMIT);
    expect((await readAll(body)).error?.message).toBe('The request body is not valid deflate.');
  });
});
