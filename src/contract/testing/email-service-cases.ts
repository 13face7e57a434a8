import type { RequestCases } from './request-cases';

/** Cases of the e-mail service area, keyed by endpoint name (data-cases.ts takes them in). */
export const emailServiceCases: Record<string, RequestCases> = {
  'Get Email Config': { valid: [undefined, {}], invalid: [null, 'x', []] },
  'Update Email Config': {
    valid: [
      { useEmailService: false },
      {
        useEmailService: true,
        emailServiceConfig: {
          type: 'default',
          fromEmail: 'noreply@example.com',
          fromCompany: 'Example Corp',
          triggers: { 'comment.add': false },
        },
      },
      { emailServiceConfig: { type: 'sendgrid', apiKey: 'SG.sample-key', fromEmail: '' } },
    ],
    invalid: [
      {},
      { useEmailService: 'yes' },
      { emailServiceConfig: { type: 'mailgun' } },
      { emailServiceConfig: { apiKey: '' } },
      { emailServiceConfig: { apiKey: 'has space' } },
      { emailServiceConfig: { fromEmail: 'not-an-address' } },
      { emailServiceConfig: { fromCompany: 'line\nbreak' } },
      { emailServiceConfig: { triggers: { 'comment.delete': true } } },
      { emailServiceConfig: { triggers: { 'comment.add': 'on' } } },
    ],
  },
  'Get Sent Emails': {
    valid: [undefined, {}, { pageSize: 10, pageToken: 't' }],
    invalid: [{ pageSize: 0 }, { pageSize: 101 }, { pageToken: '' }],
  },
  'Send Test Email': {
    valid: [{ to: 'someone@example.com' }],
    invalid: [{}, { to: '' }, { to: 'nobody' }],
  },
};
