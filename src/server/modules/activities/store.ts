import { sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import { type DbOrTx, forEachChunk, rowsOf } from '../../db/transaction';

export interface NewAnnotation {
  organizationId: string;
  documentId: string;
  annotationId: string;
  comments: { commentId: string; commentText: string; from: User; to?: User[] }[];
}

/** Comment rows per INSERT: a call may carry tens of thousands of comments. */
const COMMENTS_PER_STATEMENT = 2000;

/**
 * Inserts the annotations whose id is free, then their comments in chunks, and answers the ids it
 * inserted; an annotation whose id exists keeps its comments as they were. Run it in a
 * transaction: the chunks commit together.
 */
export async function insertNewAnnotations(
  db: DbOrTx,
  apiKeyId: string,
  annotations: readonly NewAnnotation[],
  now: Date,
): Promise<Set<string>> {
  if (annotations.length === 0) return new Set();
  const at = now.toISOString();
  const heads = annotations.map((a) => ({
    organization_id: a.organizationId,
    annotation_id: a.annotationId,
    document_id: a.documentId,
  }));
  const added = await rowsOf<{ annotation_id: string }>(
    db,
    sql`
    insert into comment_annotations
      (api_key_id, organization_id, annotation_id, document_id, created_at)
    select ${apiKeyId}, organization_id, annotation_id, document_id, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb)
      as a(organization_id text, annotation_id text, document_id text)
    on conflict do nothing
    returning annotation_id`,
  );
  const inserted = new Set(added.map((r) => r.annotation_id));
  const comments = annotations
    .filter((a) => inserted.has(a.annotationId))
    .flatMap((a) =>
      a.comments.map((c) => ({
        organization_id: a.organizationId,
        annotation_id: a.annotationId,
        comment_id: c.commentId,
        comment_text: c.commentText,
        from: c.from,
      })),
    );
  await forEachChunk(comments, COMMENTS_PER_STATEMENT, async (chunk) => {
    await db.execute(sql`
      insert into comments
        (api_key_id, organization_id, annotation_id, comment_id, comment_text, "from", created_at)
      select ${apiKeyId}, c.organization_id, c.annotation_id, c.comment_id, c.comment_text, c."from",
        ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as c(organization_id text, annotation_id text, comment_id text, comment_text text, "from" jsonb)`);
  });
  return inserted;
}
