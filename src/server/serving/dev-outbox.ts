import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../mail/mailer';
import { sendError } from '../http/errors';
import { isLoopback } from '../config/loopback';

/**
 * `GET /dev/outbox`, in local-outbox mode only. It lists live login links, so it answers only
 * clients on this machine unless the operator allowed remote readers (ALLOW_REMOTE_OUTBOX=true).
 */
export function installDevOutbox(app: FastifyInstance, mailer: Mailer, allowRemote: boolean): void {
  const outbox = mailer.outbox();
  if (!outbox) return;
  app.get('/dev/outbox', (req, reply) => {
    if (!allowRemote && !isLoopback(req.socket.remoteAddress)) {
      return sendError(
        reply,
        'PERMISSION_DENIED',
        'The local outbox is served only to clients on the same machine.',
      );
    }
    return reply.send({ messages: outbox });
  });
}
