import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (a login link), shown by the local outbox. */
  link: string;
  /** An HTML alternative to `text`. */
  html?: string;
  /** The sender, when not the service's MAIL_FROM. */
  from?: { name: string; address: string };
  replyTo?: string;
}

export interface OutboxMessage extends MailMessage {
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Messages kept by the local outbox, newest first; undefined when mail goes out over SMTP. */
  outbox(): OutboxMessage[] | undefined;
}

const outboxSize = 200;

/**
 * Without SMTP, messages stay in this process's memory for `GET /dev/outbox`. The log gets a line
 * per message but not the link, whose one-time code must not sit in log files.
 */
export function localOutbox(log: FastifyBaseLogger, clock: () => Date): Mailer {
  const messages: OutboxMessage[] = [];
  return {
    send(message) {
      messages.unshift({ ...message, sentAt: clock().toISOString() });
      messages.length = Math.min(messages.length, outboxSize);
      log.info(
        { to: message.to, subject: message.subject },
        'mail kept in the local outbox: GET /dev/outbox',
      );
      return Promise.resolve();
    },
    outbox: () => messages,
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from ?? from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
      });
    },
    outbox: () => undefined,
  };
}
