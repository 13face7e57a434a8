import { sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import { type DbOrTx, rowsOf } from '../../db/transaction';

export interface NewReaction {
  reactionId: string;
  annotationId?: string | undefined;
  icon: string;
  from: User;
}

export interface NewRecording {
  recordingId: string;
  type: string;
  url: string;
  durationMs?: number | undefined;
  from: User;
}

/** Where items go: tenant, organization, document. */
export interface DocumentPlace {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
}

/** Inserts the reactions whose id is free in the organization; answers the ids inserted. */
export async function insertNewReactions(
  db: DbOrTx,
  at: DocumentPlace,
  list: readonly NewReaction[],
  now: Date,
): Promise<Set<string>> {
  const rows = list.map((r) => ({
    reaction_id: r.reactionId,
    annotation_id: r.annotationId ?? null,
    icon: r.icon,
    from: r.from,
  }));
  const added = await rowsOf<{ reaction_id: string }>(
    db,
    sql`insert into reactions
        (api_key_id, organization_id, document_id, reaction_id, annotation_id, icon, "from",
          created_at)
      select ${at.apiKeyId}, ${at.organizationId}, ${at.documentId}, r.reaction_id,
        r.annotation_id, r.icon, r."from", ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(reaction_id text, annotation_id text, icon text, "from" jsonb)
      on conflict do nothing
      returning reaction_id`,
  );
  return new Set(added.map((r) => r.reaction_id));
}

/** Inserts the recordings whose id is free in the organization; answers the ids inserted. */
export async function insertNewRecordings(
  db: DbOrTx,
  at: DocumentPlace,
  list: readonly NewRecording[],
  now: Date,
): Promise<Set<string>> {
  const rows = list.map((r) => ({
    recording_id: r.recordingId,
    type: r.type,
    url: r.url,
    duration_ms: r.durationMs ?? null,
    from: r.from,
  }));
  const added = await rowsOf<{ recording_id: string }>(
    db,
    sql`insert into recordings
        (api_key_id, organization_id, document_id, recording_id, type, url, duration_ms, "from",
          created_at)
      select ${at.apiKeyId}, ${at.organizationId}, ${at.documentId}, r.recording_id, r.type,
        r.url, r.duration_ms, r."from", ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(recording_id text, type text, url text, duration_ms integer, "from" jsonb)
      on conflict do nothing
      returning recording_id`,
  );
  return new Set(added.map((r) => r.recording_id));
}
