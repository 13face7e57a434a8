import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connection';
import { forEachChunk } from '../../src/server/db/transaction';

export interface Counts {
  documents: number;
  folders: number;
  users: number;
}

/** Children per folder: the tree is a heap, so folder n's parent is folder ⌊(n − 2) / 10⌋ + 1. */
const FANOUT = 10;
export const GROUPS = 20;
/** Folder f-2 holds the first documents, so its page is full whatever the organization's size. */
export const FULL_FOLDER = 'f-2';
const FULL_FOLDER_DOCUMENTS = 1000;

const folderId = (n: number) => `f-${n}`;
const parentOf = (n: number) => Math.floor((n - 2) / FANOUT) + 1;

/**
 * Loads one organization straight into the tables (the endpoints would take hours at a million
 * documents): a folder tree ten wide, documents spread over it, users at the organization level
 * and on documents, groups of users. Statements are chunked so that neither database holds a
 * giant statement in memory.
 */
export async function loadOrganization(
  db: Db,
  apiKeyId: string,
  organizationId: string,
  counts: Counts,
  log: (line: string) => void,
): Promise<void> {
  const key = { apiKeyId, organizationId };
  await db.execute(sql`
    insert into organizations (api_key_id, organization_id, organization_name, created_at, updated_at)
    values (${apiKeyId}, ${organizationId}, ${organizationId}, now(), now())`);

  const folders = Array.from({ length: counts.folders }, (_, i) => i + 1);
  const ancestry = new Map<number, number[]>([[1, []]]);
  for (const n of folders.slice(1)) {
    const parent = parentOf(n);
    ancestry.set(n, [...(ancestry.get(parent) ?? []), parent]);
  }
  await forEachChunk(folders, 5000, async (chunk) => {
    const rows = chunk.map((n) => {
      const above = ancestry.get(n) ?? [];
      return {
        folder_id: folderId(n),
        parent: n === 1 ? 'root' : folderId(parentOf(n)),
        ancestors: ['root', ...above.map(folderId)],
        depth: above.length + 1,
      };
    });
    await db.execute(sql`
      insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
        ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
      select ${key.apiKeyId}, ${key.organizationId}, r.folder_id, 'Folder ' || r.folder_id,
        r.parent, array(select jsonb_array_elements_text(r.ancestors)), r.depth, 'public', true,
        now(), now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(folder_id text, parent text, ancestors jsonb, depth int)`);
    const closure = chunk.flatMap((n) =>
      (ancestry.get(n) ?? []).map((a, i, all) => ({
        ancestor: folderId(a),
        distance: all.length - i,
        descendant: folderId(n),
      })),
    );
    await db.execute(sql`
      insert into folder_closure (api_key_id, organization_id, ancestor_id, distance, descendant_id)
      select ${key.apiKeyId}, ${key.organizationId}, r.ancestor, r.distance, r.descendant
      from jsonb_to_recordset(${JSON.stringify(closure)}::jsonb)
        as r(ancestor text, distance int, descendant text)`);
  });
  log(`  ${organizationId}: ${counts.folders} folders`);

  await inSlices(counts.documents, async (from, to) => {
    await db.execute(sql`
      insert into documents (api_key_id, organization_id, document_id, document_name, folder_id,
        access_type, created_at, updated_at)
      select ${apiKeyId}, ${organizationId}, 'doc-' || lpad(n::text, 7, '0'), 'Document ' || n,
        case when n <= ${FULL_FOLDER_DOCUMENTS} then ${FULL_FOLDER}
          else 'f-' || (n % ${counts.folders} + 1) end,
        'public', now(), now()
      from generate_series(${from}::int, ${to}::int) n`);
  });
  log(`  ${organizationId}: ${counts.documents} documents`);

  await inSlices(counts.users, async (from, to) => {
    await db.execute(sql`
      insert into organization_users (api_key_id, organization_id, user_id, name, email,
        organization_level, created_at, updated_at)
      select ${apiKeyId}, ${organizationId}, 'user-' || lpad(n::text, 7, '0'), 'User ' || n,
        'user' || n || '@example.com', n % 2 = 0, now(), now()
      from generate_series(${from}::int, ${to}::int) n`);
  });
  await db.execute(sql`
    insert into user_groups (api_key_id, organization_id, group_id, group_name, created_at,
      updated_at)
    select ${apiKeyId}, ${organizationId}, 'g-' || n, 'Group ' || n, now(), now()
    from generate_series(1, ${GROUPS}::int) n`);
  await inSlices(counts.users, async (from, to) => {
    await db.execute(sql`
      insert into user_group_members (api_key_id, organization_id, group_id, user_id, created_at)
      select ${apiKeyId}, ${organizationId}, 'g-' || (n % ${GROUPS} + 1),
        'user-' || lpad(n::text, 7, '0'), now()
      from generate_series(${from}::int, ${to}::int) n`);
  });
  log(`  ${organizationId}: ${counts.users} users in ${GROUPS} groups`);

  // One user per document, the users taken in turn.
  await inSlices(counts.documents, async (from, to) => {
    await db.execute(sql`
      insert into document_users (api_key_id, organization_id, document_id, user_id, created_at)
      select ${apiKeyId}, ${organizationId}, 'doc-' || lpad(n::text, 7, '0'),
        'user-' || lpad((n % ${counts.users} + 1)::text, 7, '0'), now()
      from generate_series(${from}::int, ${to}::int) n`);
  });
  log(`  ${organizationId}: ${counts.documents} document memberships`);
  await db.execute(sql`analyze`);
}

/** Runs `load` over 1..count in slices of 100,000. */
async function inSlices(count: number, load: (from: number, to: number) => Promise<void>) {
  const slice = 100_000;
  for (let from = 1; from <= count; from += slice) {
    await load(from, Math.min(count, from + slice - 1));
  }
}
