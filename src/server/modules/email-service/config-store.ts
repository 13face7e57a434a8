import { eq } from 'drizzle-orm';
import { emailConfigs } from '#server/db/schema/email-service-schema';
import type { DbOrTx } from '#server/db/transaction';

export type EmailConfigRow = typeof emailConfigs.$inferSelect;

/** The key's stored configuration, or undefined when it was never saved. */
export async function readEmailConfig(
  db: DbOrTx,
  apiKeyId: string,
): Promise<EmailConfigRow | undefined> {
  const [row] = await db.select().from(emailConfigs).where(eq(emailConfigs.apiKeyId, apiKeyId));
  return row;
}

/** Holds the key's configuration until the transaction ends, so two updates merge in turn. */
export async function lockEmailConfig(
  db: DbOrTx,
  apiKeyId: string,
): Promise<EmailConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(emailConfigs)
    .where(eq(emailConfigs.apiKeyId, apiKeyId))
    .for('update');
  return row;
}

export async function writeEmailConfig(db: DbOrTx, row: EmailConfigRow): Promise<void> {
  await db
    .insert(emailConfigs)
    .values(row)
    .onConflictDoUpdate({
      target: emailConfigs.apiKeyId,
      set: {
        enabled: row.enabled,
        provider: row.provider,
        providerKeySealed: row.providerKeySealed,
        providerKeyMask: row.providerKeyMask,
        fromEmail: row.fromEmail,
        fromCompany: row.fromCompany,
        triggers: row.triggers,
        updatedAt: row.updatedAt,
      },
    });
}
