import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/db';
import { insertDocumentColumns } from '#server/modules/documents/store';
import { type NewFolder, loadFolders } from '#server/modules/folders/write-store';
import { insertNewOrganizations } from '#server/modules/organizations/store';
import {
  insertGroupMembers,
  insertUserGroups,
} from '#server/modules/organizations/user-groups-store';
import { insertDocumentUsers, upsertUsers } from '#server/modules/users/store';

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
/** Rows built in memory at a time. */
const SLICE = 100_000;

const folderId = (n: number) => `f-${n}`;
const documentId = (n: number) => `doc-${String(n).padStart(7, '0')}`;
const userId = (n: number) => `user-${String(n).padStart(7, '0')}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Loads one organization through the areas' stores (the endpoints would take hours at a million
 * documents): a folder tree ten wide, documents spread over it, users at the organization level
 * and on documents, groups of users. Rows are built a slice at a time.
 */
export async function loadOrganization(
  db: Db,
  apiKeyId: string,
  organizationId: string,
  counts: Counts,
  log: (line: string) => void,
): Promise<void> {
  const now = new Date();
  await insertNewOrganizations(
    db,
    apiKeyId,
    [{ organizationId, organizationName: organizationId }],
    now,
  );

  const ancestors: string[][] = [[], ['root']];
  const folders: NewFolder[] = range(1, counts.folders).map((n) => {
    const parent = n === 1 ? 'root' : folderId(Math.floor((n - 2) / FANOUT) + 1);
    const chain =
      n === 1 ? ['root'] : [...(ancestors[Math.floor((n - 2) / FANOUT) + 1] ?? []), parent];
    ancestors[n] = chain;
    return {
      folderId: folderId(n),
      folderName: `Folder ${n}`,
      parentFolderId: parent,
      ancestors: chain,
      accessType: 'public',
      inheritAccessFromParent: true,
    };
  });
  await loadFolders(db, apiKeyId, organizationId, folders, now);
  log(`  ${organizationId}: ${counts.folders} folders`);

  await inSlices(counts.documents, async (ns) => {
    await insertDocumentColumns(
      db,
      apiKeyId,
      organizationId,
      {
        documentIds: ns.map(documentId),
        documentNames: ns.map((n) => `Document ${n}`),
        folderIds: ns.map((n) =>
          n <= FULL_FOLDER_DOCUMENTS ? FULL_FOLDER : folderId((n % counts.folders) + 1),
        ),
        accessTypes: ns.map(() => 'public'),
      },
      now,
    );
  });
  log(`  ${organizationId}: ${counts.documents} documents`);

  await inSlices(counts.users, async (ns) => {
    const users = ns.map((n) => ({
      userId: userId(n),
      name: `User ${n}`,
      email: `user${n}@example.com`,
      organizationLevel: n % 2 === 0,
    }));
    await upsertUsers(db, apiKeyId, organizationId, users, now);
  });
  const groups = range(1, GROUPS).map((n) => ({ groupId: `g-${n}`, groupName: `Group ${n}` }));
  await insertUserGroups(db, apiKeyId, organizationId, groups, now);
  await inSlices(counts.users, async (ns) => {
    const members = ns.map((n) => ({ groupId: `g-${(n % GROUPS) + 1}`, userId: userId(n) }));
    await insertGroupMembers(db, apiKeyId, organizationId, members, now);
  });
  log(`  ${organizationId}: ${counts.users} users in ${GROUPS} groups`);

  // One user per document, the users taken in turn.
  await inSlices(counts.documents, async (ns) => {
    const memberships = ns.map((n) => ({
      documentId: documentId(n),
      userId: userId((n % counts.users) + 1),
    }));
    await insertDocumentUsers(db, apiKeyId, organizationId, memberships, now);
  });
  log(`  ${organizationId}: ${counts.documents} document memberships`);
  await db.execute(sql`analyze`);
}

/** Runs `load` over 1..count, a slice of numbers at a time. */
async function inSlices(count: number, load: (ns: number[]) => Promise<void>) {
  for (let from = 1; from <= count; from += SLICE) {
    await load(range(from, Math.min(count, from + SLICE - 1)));
  }
}
