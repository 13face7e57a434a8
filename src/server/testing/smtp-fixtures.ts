import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the local SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The credentials the sender logged in with, if it did. */
  auth: { username: string; password: string } | undefined;
  /** The message as sent (headers and MIME parts). */
  raw: string;
  subject: string;
  /** The raw message with quoted-printable soft breaks and `=3D` undone, to search in. */
  text: string;
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or SENDGRID_SMTP_URL. */
  url: string;
  /** Only messages the server accepted (answered 250): what a relay would deliver. */
  mails: ReceivedMail[];
  /**
   * While true, a message's data is read but never answered: the sender waits mid-send, as with
   * a slow relay, and the message is not accepted (a test kills the sender then).
   */
  hold: boolean;
  /** Messages read and left unanswered while holding. */
  held: number;
  /** Resolves once `count` messages arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const undoQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * A real SMTP server on a loopback port (the `smtp-server` package) that accepts every message
 * and any login, without TLS, and keeps what arrived: the e-mail service's tests read from it what
 * the service sent, as a relay would receive it.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const state = { hold: false, held: 0 };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: { username: auth.username, password: auth.password } });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.hold) {
          state.held += 1;
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const user = session.user as { username: string; password: string } | undefined;
        const mailFrom = session.envelope.mailFrom;
        mails.push({
          from: mailFrom === false ? '' : mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          auth: user,
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text: undoQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const until = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > until) {
          throw new Error(`${mails.length} of ${count} e-mails arrived in ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
