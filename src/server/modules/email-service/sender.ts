import type { EmailConfigRow } from './config-store';

export interface Sender {
  fromName: string;
  fromAddress: string;
  replyTo: string | null;
}

/** `Name <address>` or a bare address, as MAIL_FROM is written. */
function parseMailbox(mailbox: string): { name: string; address: string } {
  const match = /^(.*)<([^>]+)>\s*$/.exec(mailbox);
  if (!match) return { name: '', address: mailbox.trim() };
  return { name: (match[1] ?? '').trim().replace(/^"|"$/g, ''), address: (match[2] ?? '').trim() };
}

/**
 * Who an e-mail is from. Through the service's own mailer it is sent from MAIL_FROM's address
 * (a relay refuses or spam-flags a sender domain it does not serve) under the company's name,
 * with replies going to `fromEmail`; through SendGrid, from `fromEmail` itself, which the
 * customer verified there.
 */
export function senderOf(config: EmailConfigRow, mailFrom: string): Sender {
  const own = parseMailbox(mailFrom);
  if (config.provider === 'sendgrid') {
    return {
      fromName: config.fromCompany || config.fromEmail,
      fromAddress: config.fromEmail,
      replyTo: null,
    };
  }
  return {
    fromName: config.fromCompany || own.name,
    fromAddress: own.address,
    replyTo: config.fromEmail || null,
  };
}
