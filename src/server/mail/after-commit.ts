import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../db/ambient-transaction';
import type { MailMessage, Mailer } from './mailer';

/**
 * Sends `message` once the write call's transaction has committed (at once outside one): an
 * e-mail about a change that rolled back, or that ran twice after a conflict, would carry a link
 * to nothing. A failure to send is logged, not answered, since the change stands; the link in it
 * is never logged.
 */
export function sendAfterCommit(
  mailer: Mailer,
  message: MailMessage,
  log: FastifyBaseLogger,
): void {
  afterCommit(() => {
    mailer.send(message).catch((err: unknown) => {
      log.error({ err, to: message.to, subject: message.subject }, 'e-mail not sent');
    });
  });
}
