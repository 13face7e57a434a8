import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance } from 'fastify';
import { isLocalRequest, presentsToken } from '../serving/operator-request';
import type { Database } from '../db/connection';

export const BACKUP_PATH = '/backup';

const refusal =
  'Backups are answered to this machine only, to a client presenting the backup token (BACKUP_TOKEN, or DATA_DIR/backup.token) as a bearer token: run `npm run backup`.';

/**
 * `POST /backup`: the embedded database's data directory, dumped by the service that holds it
 * (no other process may open it), as a gzipped tar. Only to a client on this machine, not
 * forwarded by a proxy, presenting the backup token: the same machine alone would let a webhook
 * the service sends to loopback fetch the whole database. On PostgreSQL, pg_dump does this.
 */
export function installBackup(
  app: FastifyInstance,
  database: Database,
  token: string | undefined,
): void {
  app.post(BACKUP_PATH, async (req, reply) => {
    if (!isLocalRequest(req) || !presentsToken(req, token)) {
      return reply.code(403).send({ error: { status: 'PERMISSION_DENIED', message: refusal } });
    }
    if (!database.dumpDataDir) {
      return reply.code(409).send({
        error: {
          status: 'FAILED_PRECONDITION',
          message: 'The service runs on PostgreSQL (DATABASE_URL): back it up with pg_dump.',
        },
      });
    }
    const started = performance.now();
    const dump = await database.dumpDataDir();
    req.log.info(
      { bytes: dump.size, ms: Math.round(performance.now() - started) },
      'backup of the embedded database taken',
    );
    return reply
      .type('application/gzip')
      .header('content-length', dump.size)
      .header('cache-control', 'no-store')
      .send(Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>));
  });
}
