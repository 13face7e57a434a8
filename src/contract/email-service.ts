import { z } from 'zod';
import {
  MAX_NAME_LENGTH,
  atLeastOneFieldMessage,
  emailSchema,
  hasAnyField,
  nameSchema,
  noFields,
  pageSize,
  pageTokenSchema,
} from './common';
import { endpoint } from './endpoint';

/**
 * The comment events that send e-mail, as the hosted product names its triggers. A new thread's
 * first comment is mailed under `comment_annotation.add`, every later comment of a thread under
 * `comment.add`, so that one comment is never mailed twice.
 */
export const EMAIL_TRIGGERS = ['comment_annotation.add', 'comment.add'] as const;
export type EmailTrigger = (typeof EMAIL_TRIGGERS)[number];

export const emailProviderSchema = z.enum(['default', 'sendgrid']);
export type EmailProvider = z.infer<typeof emailProviderSchema>;

/** A SendGrid key is 69 characters; a longer bound leaves room for other relays' keys. */
export const MAX_PROVIDER_KEY_LENGTH = 500;

export const emailTriggersSchema = z.strictObject({
  'comment_annotation.add': z.boolean(),
  'comment.add': z.boolean(),
});
export type EmailTriggers = z.infer<typeof emailTriggersSchema>;

/** Every trigger on: what a key starts with, as the hosted product seeds its comment triggers. */
export const defaultEmailTriggers: EmailTriggers = {
  'comment_annotation.add': true,
  'comment.add': true,
};

export const providerKeySchema = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_PROVIDER_KEY_LENGTH, `must be at most ${MAX_PROVIDER_KEY_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII characters without spaces');

/** Empty clears the field. */
const fromEmailSchema = z.union([z.literal(''), emailSchema]);
const fromCompanySchema = z.union([z.literal(''), nameSchema(MAX_NAME_LENGTH)]);

/** The configuration as Get Email Config answers it: the provider key masked, or '' when none. */
export const emailConfigSchema = z.object({
  useEmailService: z.boolean(),
  emailServiceConfig: z.object({
    type: emailProviderSchema,
    apiKey: z.string(),
    fromEmail: z.string(),
    fromCompany: z.string(),
    triggers: emailTriggersSchema,
  }),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

export const updateEmailConfigRequest = z
  .object({
    useEmailService: z.boolean().optional(),
    emailServiceConfig: z
      .object({
        type: emailProviderSchema.optional(),
        /** Replaces the stored key; it is never answered back. */
        apiKey: providerKeySchema.optional(),
        fromEmail: fromEmailSchema.optional(),
        fromCompany: fromCompanySchema.optional(),
        /** The triggers given are set; the others keep their value. */
        triggers: emailTriggersSchema.partial().optional(),
      })
      .optional(),
  })
  .refine(hasAnyField, atLeastOneFieldMessage);
export type UpdateEmailConfigRequest = z.input<typeof updateEmailConfigRequest>;

export const sentEmailStatusSchema = z.enum(['pending', 'sent', 'failed']);

/** One e-mail of the key's outbox, as Get Sent Emails answers it. */
export const sentEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The trigger that sent it, or `test` for Send Test Email. */
  trigger: z.string(),
  provider: emailProviderSchema,
  status: sentEmailStatusSchema,
  /** Attempts made so far (a failed one is retried with backoff, five in all). */
  attempts: z.number(),
  organizationId: z.string().nullable(),
  documentId: z.string().nullable(),
  annotationId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Why the last attempt failed (the relay's answer), while it is not sent. */
  lastError: z.string().nullable(),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

/** Get Sent Emails' page size when the caller gives none. */
export const DEFAULT_SENT_EMAILS_PAGE_SIZE = 50;
export const MAX_SENT_EMAILS_PAGE_SIZE = 100;

export const getSentEmailsRequest = z
  .object({
    pageSize: pageSize(MAX_SENT_EMAILS_PAGE_SIZE).optional(),
    pageToken: pageTokenSchema().optional(),
  })
  .prefault({});
export type GetSentEmailsRequest = z.input<typeof getSentEmailsRequest>;

export const sendTestEmailRequest = z.object({ to: emailSchema });
export type SendTestEmailRequest = z.input<typeof sendTestEmailRequest>;

export const getEmailConfig = endpoint({
  name: 'Get Email Config',
  path: '/v2/workspace/emailconfig/get',
  auth: 'apiKey',
  area: 'email-service',
  envelope: 'A',
  request: noFields,
  data: emailConfigSchema,
  errors: [],
});

export const updateEmailConfig = endpoint({
  name: 'Update Email Config',
  path: '/v2/workspace/emailconfig/update',
  write: true,
  auth: 'apiKey',
  area: 'email-service',
  envelope: 'A',
  request: updateEmailConfigRequest,
  data: z.null(),
  errors: ['INVALID_ARGUMENT'],
});

export const getSentEmails = endpoint({
  name: 'Get Sent Emails',
  path: '/v2/workspace/emailconfig/sent/get',
  auth: 'apiKey',
  area: 'email-service',
  envelope: 'A',
  extension: true,
  request: getSentEmailsRequest,
  data: z.array(sentEmailSchema),
  pageField: 'nextPageToken',
  errors: ['INVALID_ARGUMENT'],
});

export const sendTestEmail = endpoint({
  name: 'Send Test Email',
  path: '/v2/workspace/emailconfig/test',
  write: true,
  auth: 'apiKey',
  area: 'email-service',
  envelope: 'A',
  extension: true,
  request: sendTestEmailRequest,
  data: z.object({ id: z.string() }),
  errors: ['INVALID_ARGUMENT', 'RESOURCE_EXHAUSTED'],
});
