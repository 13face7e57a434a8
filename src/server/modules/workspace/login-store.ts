import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { loginCodes, owners } from '../../db/schema/schema';
import type { Tx } from '../../db/transaction';

export type LoginCodeRow = typeof loginCodes.$inferSelect;

export async function findLoginCode(
  db: Db | Tx,
  codeHash: string,
): Promise<LoginCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** Marks the code used; false when another request used it first. */
export async function consumeLoginCode(tx: Tx, codeHash: string, at: Date): Promise<boolean> {
  const used = await tx
    .update(loginCodes)
    .set({ usedAt: at })
    .where(and(eq(loginCodes.codeHash, codeHash), isNull(loginCodes.usedAt)))
    .returning({ codeHash: loginCodes.codeHash });
  return used.length === 1;
}

export async function markVerified(tx: Db | Tx, email: string, at: Date): Promise<void> {
  await tx
    .update(owners)
    .set({ verifiedAt: at })
    .where(and(eq(owners.email, email), isNull(owners.verifiedAt)));
}
