import { type SQL, sql } from 'drizzle-orm';
import type { Decision } from '#contract/memory';
import { afterPosition } from '../../db/keyset';
import { type DbOrTx, forEachChunk, rowsOf } from '../../db/transaction';

/** A judgment as stored and as Get Judgments reads it. */
export interface JudgmentRow {
  judgmentId: string;
  organizationId: string | null;
  documentId: string | null;
  text: string;
  decision: Decision;
  reason: string | null;
  reviewerId: string;
  decidedAt: number;
  activityId: string | null;
}

export type NewJudgment = Omit<JudgmentRow, 'activityId'>;

/** Judgments per INSERT: a call carries at most 1,000, each up to 20,000 characters of text. */
const JUDGMENTS_PER_STATEMENT = 500;

/**
 * Inserts the judgments whose id the key does not hold yet, leaving existing ones as they were
 * (Add Judgments is idempotent by id); answers the ids inserted.
 */
export async function insertJudgments(
  db: DbOrTx,
  apiKeyId: string,
  rows: readonly NewJudgment[],
): Promise<Set<string>> {
  const inserted = new Set<string>();
  await forEachChunk(rows, JUDGMENTS_PER_STATEMENT, async (chunk) => {
    const added = await rowsOf<{ judgment_id: string }>(
      db,
      sql`insert into judgments (api_key_id, judgment_id, organization_id, document_id, text,
          decision, reason, reviewer_id, decided_at)
        select ${apiKeyId}, j."judgmentId", j."organizationId", j."documentId", j.text,
          j.decision, j.reason, j."reviewerId", j."decidedAt"
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as j("judgmentId" text,
          "organizationId" text, "documentId" text, text text, decision text, reason text,
          "reviewerId" text, "decidedAt" bigint)
        on conflict do nothing
        returning judgment_id`,
    );
    for (const row of added) inserted.add(row.judgment_id);
  });
  return inserted;
}

export interface JudgmentFilters {
  apiKeyId: string;
  organizationId?: string | undefined;
  documentId?: string | undefined;
  decision?: Decision | undefined;
  reviewerId?: string | undefined;
}

/** The last judgment of the previous page, newest first. */
export interface JudgmentPosition {
  at: number;
  id: string;
}

export const judgmentColumns = sql`judgment_id as "judgmentId",
  organization_id as "organizationId", document_id as "documentId", text, decision, reason,
  reviewer_id as "reviewerId", decided_at::float8 as "decidedAt",
  source_activity_id as "activityId"`;

/**
 * One page of Get Judgments, newest first by (decided_at, judgment_id), one row more than the
 * page. The key's time index serves the whole key, the organization's, document's or reviewer's
 * index a narrower list; the decision is checked on the rows the index yields. Exported so that
 * a test plans exactly this statement.
 */
export function judgmentsPageStatement(
  f: JudgmentFilters,
  after: JudgmentPosition | undefined,
  fetch: number,
): SQL {
  const where: SQL[] = [sql`api_key_id = ${f.apiKeyId}`];
  if (f.organizationId !== undefined) where.push(sql`organization_id = ${f.organizationId}`);
  if (f.documentId !== undefined) where.push(sql`document_id = ${f.documentId}`);
  if (f.reviewerId !== undefined) where.push(sql`reviewer_id = ${f.reviewerId}`);
  if (f.decision !== undefined) where.push(sql`decision = ${f.decision}`);
  if (after !== undefined) {
    where.push(afterPosition([sql`decided_at`, sql`judgment_id`], [after.at, after.id], 'desc'));
  }
  return sql`select ${judgmentColumns} from judgments
    where ${sql.join(where, sql` and `)}
    order by decided_at desc, judgment_id desc
    limit ${fetch}`;
}

export const readJudgments = (db: DbOrTx, statement: SQL): Promise<JudgmentRow[]> =>
  rowsOf<JudgmentRow>(db, statement);
