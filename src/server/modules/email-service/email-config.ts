import type { z } from 'zod';
import {
  type EmailConfig,
  type EmailProvider,
  type EmailTriggers,
  defaultEmailTriggers,
  emailTriggersSchema,
  type updateEmailConfigRequest,
} from '#contract/email-service';
import type { AuditNote } from '#server/audit/audit-note';
import { maskSecret } from '#server/crypto/mask';
import { invalidArgument } from '#server/http/service-error';
import type { Services } from '#server/services';
import {
  type EmailConfigRow,
  lockEmailConfig,
  readEmailConfig,
  writeEmailConfig,
} from './config-store';

type UpdateInput = z.output<typeof updateEmailConfigRequest>;

/** A key that never saved its configuration: off, the service's own mailer, every trigger on. */
export function unsaved(apiKeyId: string, now: Date): EmailConfigRow {
  return {
    apiKeyId,
    enabled: false,
    provider: 'default',
    providerKeySealed: null,
    providerKeyMask: null,
    fromEmail: '',
    fromCompany: '',
    triggers: defaultEmailTriggers,
    updatedAt: now,
  };
}

/** The stored triggers, each known one present (a trigger added later starts on). */
export function triggersOf(row: EmailConfigRow): EmailTriggers {
  const parsed = emailTriggersSchema.partial().safeParse(row.triggers);
  return { ...defaultEmailTriggers, ...(parsed.success ? parsed.data : {}) };
}

/** Get Email Config: the provider key only as its mask, never itself. */
export async function getEmailConfig(s: Services, apiKeyId: string): Promise<EmailConfig> {
  const row = (await readEmailConfig(s.db, apiKeyId)) ?? unsaved(apiKeyId, s.clock());
  return {
    useEmailService: row.enabled,
    emailServiceConfig: {
      type: row.provider as EmailProvider,
      apiKey: row.providerKeyMask ?? '',
      fromEmail: row.fromEmail,
      fromCompany: row.fromCompany,
      triggers: triggersOf(row),
    },
  };
}

/**
 * Update Email Config: the fields given replace the stored ones (triggers one by one); a new
 * provider key is sealed with the master key and only its mask kept readable. SendGrid needs a
 * key and a sender address, given now or stored: without them the call is refused whole.
 */
export async function updateEmailConfig(
  s: Services,
  apiKeyId: string,
  input: UpdateInput,
  note: AuditNote,
): Promise<null> {
  const now = s.clock();
  const before = (await lockEmailConfig(s.db, apiKeyId)) ?? unsaved(apiKeyId, now);
  const given = input.emailServiceConfig ?? {};
  const after: EmailConfigRow = {
    ...before,
    enabled: input.useEmailService ?? before.enabled,
    provider: given.type ?? before.provider,
    fromEmail: given.fromEmail ?? before.fromEmail,
    fromCompany: given.fromCompany ?? before.fromCompany,
    triggers: { ...triggersOf(before), ...given.triggers },
    updatedAt: now,
  };
  if (given.apiKey !== undefined) {
    after.providerKeySealed = s.secrets.encrypt(given.apiKey);
    after.providerKeyMask = maskSecret(given.apiKey);
  }
  if (after.provider === 'sendgrid') {
    if (after.providerKeySealed === null) {
      throw invalidArgument('data.emailServiceConfig.apiKey is required when type is sendgrid');
    }
    if (after.fromEmail === '') {
      throw invalidArgument('data.emailServiceConfig.fromEmail is required when type is sendgrid');
    }
  }
  await writeEmailConfig(s.db, after);
  note.changes(changesOf(before, after, given.apiKey !== undefined));
  return null;
}

/** What the audit entry shows: each field that changed, the key only as masks. */
function changesOf(before: EmailConfigRow, after: EmailConfigRow, keyReplaced: boolean) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const field = (name: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[name] = { from, to };
  };
  field('useEmailService', before.enabled, after.enabled);
  field('type', before.provider, after.provider);
  field('fromEmail', before.fromEmail, after.fromEmail);
  field('fromCompany', before.fromCompany, after.fromCompany);
  field('triggers', triggersOf(before), triggersOf(after));
  if (keyReplaced) changes.apiKey = { from: before.providerKeyMask, to: after.providerKeyMask };
  return changes;
}
