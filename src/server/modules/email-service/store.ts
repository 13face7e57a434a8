import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import { afterPosition, rowsToFetch } from '#server/db/keyset';
import { sentEmails } from '#server/db/schema/email-service-schema';
import { type DbOrTx, forEachChunk } from '#server/db/transaction';

export type SentEmailRow = typeof sentEmails.$inferSelect;
export type NewSentEmail = Omit<SentEmailRow, 'status' | 'attempts' | 'lastError' | 'sentAt'>;

/** Rows per INSERT: a call of many comments may owe many e-mails. */
const ROWS_PER_STATEMENT = 500;

/** Writes e-mails owed, `pending`, in the caller's transaction. */
export async function insertSentEmails(db: DbOrTx, rows: readonly NewSentEmail[]): Promise<void> {
  await forEachChunk(rows, ROWS_PER_STATEMENT, async (chunk) => {
    await db.insert(sentEmails).values(chunk.map((r) => ({ ...r, status: 'pending' })));
  });
}

export async function findSentEmail(
  db: DbOrTx,
  apiKeyId: string,
  id: string,
): Promise<SentEmailRow | undefined> {
  const [row] = await db
    .select()
    .from(sentEmails)
    .where(and(eq(sentEmails.apiKeyId, apiKeyId), eq(sentEmails.id, id)));
  return row;
}

/** Counts an attempt before it is made, so that one cut short by a crash is counted too. */
export async function countAttempt(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(sentEmails)
    .set({ attempts: sql`${sentEmails.attempts} + 1` })
    .where(eq(sentEmails.id, id));
}

export async function markSent(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(sentEmails)
    .set({ status: 'sent', sentAt: at, lastError: null })
    .where(and(eq(sentEmails.id, id), eq(sentEmails.status, 'pending')));
}

export async function noteFailure(db: DbOrTx, id: string, reason: string): Promise<void> {
  await db.update(sentEmails).set({ lastError: reason }).where(eq(sentEmails.id, id));
}

export async function markFailed(db: DbOrTx, id: string, reason: string | null): Promise<void> {
  await db
    .update(sentEmails)
    .set({ status: 'failed', lastError: sql`coalesce(${reason}, ${sentEmails.lastError})` })
    .where(and(eq(sentEmails.id, id), eq(sentEmails.status, 'pending')));
}

/** A position in the list's order: the last e-mail of the previous page. */
export interface SentEmailPosition {
  /** Its `createdAt`, as an ISO date-time. */
  at: string;
  id: string;
}

export interface SentEmailPageQuery {
  apiKeyId: string;
  after?: SentEmailPosition | undefined;
  /** The page size: one row more is read, to tell whether another page follows. */
  limit: number;
}

/**
 * One page of the key's e-mails, newest first (the id orders those of one call), through
 * `sent_emails_created_idx`. Exported so that a test plans exactly this statement.
 */
export function sentEmailPageStatement(db: DbOrTx, q: SentEmailPageQuery) {
  const t = sentEmails;
  const where: SQL[] = [eq(t.apiKeyId, q.apiKeyId)];
  if (q.after !== undefined) {
    where.push(
      afterPosition([t.createdAt, t.id], [sql`${q.after.at}::timestamptz`, q.after.id], 'desc'),
    );
  }
  return db
    .select({
      id: t.id,
      to: t.toAddress,
      subject: t.subject,
      trigger: t.trigger,
      provider: t.provider,
      status: t.status,
      attempts: t.attempts,
      organizationId: t.organizationId,
      documentId: t.documentId,
      annotationId: t.annotationId,
      createdAt: t.createdAt,
      sentAt: t.sentAt,
      lastError: t.lastError,
    })
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(rowsToFetch(q.limit));
}
