import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/common';
import type { Db } from '../../db/connection';
import type { Tx } from '../workspace/store';

export interface NewAnnotation {
  organizationId: string;
  documentId: string;
  annotationId: string;
  comments: { commentId: string; commentText: string; from: User }[];
}

/**
 * Inserts the annotations whose id is free, with their comments, in one statement, and answers
 * the ids it inserted; an annotation whose id exists keeps its comments as they were.
 */
export async function insertNewAnnotations(
  db: Db | Tx,
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
  const comments = annotations.flatMap((a) =>
    a.comments.map((c) => ({
      organization_id: a.organizationId,
      annotation_id: a.annotationId,
      comment_id: c.commentId,
      comment_text: c.commentText,
      from: c.from,
    })),
  );
  const result: unknown = await db.execute(sql`
    with added as (
      insert into comment_annotations
        (api_key_id, organization_id, annotation_id, document_id, created_at)
      select ${apiKeyId}, organization_id, annotation_id, document_id, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb)
        as a(organization_id text, annotation_id text, document_id text)
      on conflict do nothing
      returning organization_id, annotation_id
    ),
    thread as (
      insert into comments
        (api_key_id, organization_id, annotation_id, comment_id, comment_text, "from", created_at)
      select ${apiKeyId}, c.organization_id, c.annotation_id, c.comment_id, c.comment_text, c."from",
        ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(comments)}::jsonb)
        as c(organization_id text, annotation_id text, comment_id text, comment_text text, "from" jsonb)
      join added using (organization_id, annotation_id)
    )
    select annotation_id from added`);
  return new Set(
    (result as { rows: { annotation_id: string }[] }).rows.map((r) => r.annotation_id),
  );
}
