import type { z } from 'zod';
import type { sendTestEmailRequest } from '#contract/email-service';
import type { AuditNote } from '#server/audit/audit-note';
import { newId } from '#server/crypto/secrets';
import { normalizeEmail } from '#server/mail/addresses';
import type { Services } from '#server/services';
import { readEmailConfig } from './config-store';
import { unsaved } from './email-config';
import { renderTestMail } from './mail-render';
import { oweEmails } from './send-job';
import { senderOf } from './sender';

/**
 * Send Test Email: one e-mail through the saved provider and sender, on or off, by the same
 * outbox as comment e-mails, so it shows in the sent-mail list with its outcome. Counted against
 * the recipient inbox's limit, so the endpoint cannot flood an inbox.
 */
export async function sendTestEmail(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof sendTestEmailRequest>,
  note: AuditNote,
) {
  const to = normalizeEmail(input.to);
  await s.recipients.admit(to);
  const config = (await readEmailConfig(s.db, apiKeyId)) ?? unsaved(apiKeyId, s.clock());
  const provider = config.provider;
  const sender = senderOf(config, s.config.mailFrom);
  const link = new URL(
    `/keys/${encodeURIComponent(apiKeyId)}/email-service`,
    s.config.consoleUrl,
  ).toString();
  const mail = renderTestMail(config.fromCompany, provider, link);
  const id = newId('eml');
  await oweEmails(s.db, s.jobs, [
    {
      id,
      apiKeyId,
      organizationId: null,
      documentId: null,
      annotationId: null,
      recipientUserId: null,
      authorUserId: null,
      trigger: 'test',
      provider,
      toAddress: to,
      ...sender,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      link,
      createdAt: s.clock(),
    },
  ]);
  note.target({ emailId: id });
  return { id };
}
