import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Config } from '#server/config/config';
import type { Secrets } from '#server/crypto/secrets';
import type { JobRunner } from '#server/jobs/job-runner';
import { PermanentError, jobKind } from '#server/jobs/job-types';
import type { MailMessage, Mailer } from '#server/mail/mailer';
import type { DbOrTx } from '#server/db/transaction';
import { readEmailConfig } from './config-store';
import {
  type NewSentEmail,
  type SentEmailRow,
  countAttempt,
  findSentEmail,
  insertSentEmails,
  markFailed,
  markSent,
  noteFailure,
} from './store';

/** One job per e-mail: a recipient whose address bounces for good fails alone. */
export const sendEmailJobKind = jobKind(
  'email.send',
  z.object({ emailId: z.string() }),
  z.object({}),
);

/** What sending needs of the services. */
export interface SendDeps {
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
}

/** The relay's answer, kept short: it is shown in the sent-mail list. */
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

async function deliver(db: DbOrTx, deps: SendDeps, row: SentEmailRow): Promise<void> {
  const message: MailMessage = {
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    link: row.link,
    from: { name: row.fromName, address: row.fromAddress },
    ...(row.replyTo === null ? {} : { replyTo: row.replyTo }),
  };
  if (row.provider !== 'sendgrid') {
    await deps.mailer.send(message);
    return;
  }
  // The key is read when the e-mail goes, so a key replaced meanwhile is the one used.
  const config = await readEmailConfig(db, row.apiKeyId);
  if (!config?.providerKeySealed) throw new PermanentError('No SendGrid key is configured.');
  const transport = nodemailer.createTransport(deps.config.sendgridSmtpUrl, {
    auth: { user: 'apikey', pass: deps.secrets.decrypt(config.providerKeySealed) },
  });
  try {
    await transport.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  } finally {
    transport.close();
  }
}

/**
 * Sends each e-mail of the outbox once its row has committed. The runner claims a job in one
 * process at a time under a lease, retries a failure with backoff (five attempts) and takes up a
 * job cut short by a crash after a restart; an e-mail marked sent is never sent again. The
 * window between the relay's acceptance and the mark (a crash there) is the one way a message
 * goes twice.
 */
export function registerSendJob(jobs: JobRunner, deps: SendDeps): void {
  jobs.register(sendEmailJobKind, {
    mode: 'db',
    async runTask(db, task) {
      const row = await findSentEmail(db, task.job.apiKeyId, task.job.input.emailId);
      // Gone with its organization or key, or sent by an earlier run that ended before its mark.
      if (!row || row.status !== 'pending') return;
      await countAttempt(db, row.id);
      try {
        await deliver(db, deps, row);
      } catch (err) {
        await noteFailure(db, row.id, reasonOf(err));
        throw err;
      }
      await markSent(db, row.id, task.now);
    },
    async onJobDone(tx, job) {
      if (job.status === 'failed') await markFailed(tx, job.input.emailId, job.failureReason);
    },
  });
}

/** Writes the e-mails, `pending`, and a job for each, in the caller's transaction. */
export async function oweEmails(
  tx: DbOrTx,
  jobs: JobRunner,
  rows: readonly NewSentEmail[],
): Promise<void> {
  await insertSentEmails(tx, rows);
  for (const row of rows) {
    await jobs.enqueue(tx, sendEmailJobKind, {
      apiKeyId: row.apiKeyId,
      input: { emailId: row.id },
      tasks: [{}],
    });
  }
}
