import {
  closeSync,
  createReadStream,
  createWriteStream,
  fstatSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { BACKUP_PATH } from './backup-route';

/** Where a backup is written until it is complete and checked: never taken for a good one. */
export const partialName = (file: string) => `${file}.partial`;

/** Reads a gzip file through to its end: a cut-off or corrupted one throws. */
export async function checkGzip(file: string): Promise<void> {
  await pipeline(
    createReadStream(file),
    createGunzip(),
    new Writable({ write: (_chunk, _enc, done) => done() }),
  );
}

/**
 * Asks the running service (`POST /backup` on loopback, with the backup token) for a dump of
 * its embedded database and writes it to `file`: first to `file.partial`, created before the
 * request, then, once every byte announced has arrived, been synced to disk and read through
 * as gzip, renamed to `file`. A kill at any moment leaves either no `file` or a complete one.
 */
export async function takeBackup(options: {
  url: string;
  token: string;
  file: string;
}): Promise<number> {
  const partial = partialName(options.file);
  // 'wx': a second backup to the same name fails instead of writing into the first one's file.
  closeSync(openSync(partial, 'wx', 0o600));
  try {
    const res = await fetch(new URL(BACKUP_PATH, options.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}` },
    });
    if (!res.ok || !res.body) {
      throw new Error(`the service answered ${res.status}: ${await res.text()}`);
    }
    const announced = Number(res.headers.get('content-length'));
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      createWriteStream(partial, { mode: 0o600 }),
    );
    const fd = openSync(partial, 'r+');
    let size: number;
    try {
      fsyncSync(fd);
      size = fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
    if (!Number.isInteger(announced) || size !== announced) {
      throw new Error(`the backup was cut off: ${size} of ${announced} bytes`);
    }
    await checkGzip(partial);
    renameSync(partial, options.file);
    return size;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}
