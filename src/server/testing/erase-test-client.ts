import { type SQL, sql } from 'drizzle-orm';
import { type DataDeletionJob, deleteAllUserData, getDataDeletionJob } from '#contract/user-data';
import type { Db } from '../db/db';
import type { WorkspaceFixture } from './fixtures';
import { rows } from './rows';
import type { Reply, TestService } from './test-service';
import type { Poster } from './webhook-fixtures';
import { addOrganizations, addUserGroups, addUsersToGroups } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addFolder } from '#contract/folders';
import { addUsers } from '#contract/users';
import { addActivityLogs, addCommentAnnotations } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { addNotifications } from '#contract/notifications';
import { addJudgments } from '#contract/memory';

export const erasePaths = {
  erase: deleteAllUserData.path,
  status: getDataDeletionJob.path,
  addOrganizations: addOrganizations.path,
  addDocuments: addDocuments.path,
  addFolders: addFolder.path,
  addUsers: addUsers.path,
  addGroups: addUserGroups.path,
  addMembers: addUsersToGroups.path,
  addComments: addCommentAnnotations.path,
  addReactions: addReactions.path,
  addRecordings: addRecordings.path,
  addActivities: addActivityLogs.path,
  addNotification: addNotifications.path,
  addJudgments: addJudgments.path,
} as const;

export type ErrorBody = { error: { status: string; message: string } };
export interface EraseAnswer {
  status: string;
  message: string;
  data: { jobId: string; tasksCount: number };
  statusCode: number;
}

/** The user every erase test erases: a name and an e-mail that no other row holds by chance. */
export const erased = {
  userId: 'u-erased',
  name: 'Zebulon Canary',
  email: 'zebulon.canary@example.com',
};
export const ann = { userId: 'u-ann', name: 'Ann Other', email: 'ann.other@example.com' };
export const bob = { userId: 'u-bob', name: 'Bob Other', email: 'bob.other@example.com' };

/** The erase endpoints of one API key, answering the raw reply. */
export function eraseOf(svc: TestService, fx: WorkspaceFixture) {
  return {
    erase: (data: unknown) =>
      svc.post<EraseAnswer & Partial<ErrorBody>>(erasePaths.erase, data, fx.apiKeyHeaders),
    status: (data: unknown) =>
      svc.post<{ result?: { message: string; data: DataDeletionJob } } & Partial<ErrorBody>>(
        erasePaths.status,
        data,
        fx.apiKeyHeaders,
      ),
  };
}

async function must(svc: Poster, headers: Record<string, string>, path: string, data: unknown) {
  const reply: Reply = await svc.post(path, data, headers);
  if (reply.status !== 200) {
    throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

/**
 * An organization where the erased user has everything a user can have, beside two other users
 * who reply in the erased user's thread, mention them, notify them and judge their draft; all
 * through the service's endpoints.
 */
export async function eraseFixture(
  svc: Poster,
  headers: Record<string, string>,
  org: string,
): Promise<void> {
  const post = (path: string, data: unknown) => must(svc, headers, path, data);
  const on = { organizationId: org, documentId: 'doc-1' };
  await post(erasePaths.addOrganizations, {
    organizations: [{ organizationId: org, organizationName: `Org ${org}` }],
  });
  await post(erasePaths.addDocuments, {
    organizationId: org,
    documents: [
      { documentId: 'doc-1', documentName: 'One' },
      { documentId: 'doc-2', documentName: 'Two' },
    ],
  });
  await post(erasePaths.addFolders, {
    organizationId: org,
    folders: [{ folderId: 'f-1', folderName: 'Folder' }],
  });
  await post(erasePaths.addUsers, { organizationId: org, users: [erased, ann, bob] });
  await post(erasePaths.addUsers, { ...on, users: [erased, ann] });
  await post(erasePaths.addUsers, { organizationId: org, folderId: 'f-1', users: [erased] });
  await post(erasePaths.addGroups, {
    organizationId: org,
    organizationUserGroups: [{ groupId: 'g-1', groupName: 'Group' }],
  });
  await post(erasePaths.addMembers, {
    organizationId: org,
    organizationUserGroupId: 'g-1',
    userIds: [erased.userId, ann.userId],
  });
  await post(erasePaths.addComments, {
    ...on,
    commentAnnotations: [
      {
        annotationId: 't-erased',
        commentData: [
          { commentText: 'Started by the erased user', from: erased },
          { commentText: `Reply to ${erased.email}`, from: ann },
        ],
      },
      { annotationId: 't-alone', commentData: [{ commentText: 'Only mine', from: erased }] },
      {
        annotationId: 't-ann',
        commentData: [
          { commentText: 'Ann starts', from: ann },
          { commentText: 'Erased replies', from: erased },
          { commentText: 'Bob replies', from: bob },
        ],
      },
    ],
  });
  await post(erasePaths.addReactions, {
    ...on,
    reactions: [
      { icon: '🎉', from: erased },
      { icon: '👍', annotationId: 't-ann', from: ann },
    ],
  });
  await post(erasePaths.addRecordings, {
    ...on,
    recordings: [
      { type: 'audio', url: 'https://media.example.com/e.mp3', from: erased },
      { type: 'video', url: 'https://media.example.com/a.mp4', from: ann },
    ],
  });
  await post(erasePaths.addActivities, {
    organizationId: org,
    activities: [
      { ...on, featureType: 'comment', actionType: 'edit', actionUser: erased },
      {
        ...on,
        featureType: 'task',
        actionType: 'assign',
        actionUser: ann,
        changes: { assignee: { from: erased, to: bob }, watchers: { from: [erased, bob], to: [] } },
        entityData: { mentions: [erased, bob], contact: erased.email, owner: erased.name },
        displayMessageTemplate: '{{user}} was assigned by {{by}}',
        displayMessageTemplateData: { user: erased, by: ann },
      },
      { ...on, featureType: 'task', actionType: 'close', actionUser: bob },
      // Decisions: each derives a judgment whose text is the rendered message.
      { ...on, featureType: 'document', actionType: 'rejected', actionUser: erased },
      {
        ...on,
        featureType: 'document',
        actionType: 'approved',
        actionUser: ann,
        displayMessageTemplate: '{{actionUser}} approved the draft of {{author}}',
        displayMessageTemplateData: { actionUser: ann, author: erased },
      },
    ],
  });
  await post(erasePaths.addJudgments, {
    judgments: [
      { ...on, text: 'Refund of 40 EUR', decision: 'approve', reviewerId: erased.userId },
      { ...on, text: 'Refund of 40 EUR', decision: 'reject', reviewerId: ann.userId },
    ].map((j) => ({ ...j, judgmentId: `${org}-${j.reviewerId}` })),
  });
  const notification = (id: string, extra: Record<string, unknown>) =>
    post(erasePaths.addNotification, {
      ...on,
      notificationId: id,
      displayBodyMessage: 'Please have a look.',
      notifyAll: false,
      ...extra,
    });
  await notification('n-by-erased', {
    actionUser: erased,
    displayHeadlineMessageTemplate: '{actionUser} mentioned you',
    notifyUsers: [ann],
  });
  await notification('n-to-erased', {
    actionUser: ann,
    displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser} and {customer}',
    displayHeadlineMessageTemplateData: {
      actionUser: ann,
      recipientUser: erased,
      customer: erased.name,
    },
    notifyUsers: [erased, bob],
    notificationSourceData: { cc: [erased], note: `sent to ${erased.email}` },
  });
  await notification('n-others', {
    actionUser: bob,
    displayHeadlineMessageTemplate: '{actionUser} wrote',
    notifyUsers: [ann],
  });
}

const q = <T>(db: Db, statement: SQL) => rows<T>(db, statement);

/** Every table of the database with its rows as JSON text, in a stable order. */
export async function snapshot(db: Db): Promise<Map<string, string[]>> {
  const tables = await q<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out = new Map<string, string[]>();
  for (const { table_name } of tables) {
    const found = await q<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
    );
    out.set(table_name, found.map((r) => r.row).sort());
  }
  return out;
}

/**
 * Where any text, JSON or array column of any table holds one of the strings (case ignored):
 * `table.column` for each hit. The columns come from the catalogue, not from a list.
 */
export async function canaryScan(db: Db, needles: readonly string[]): Promise<string[]> {
  const columns = await q<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
      order by 1, 2`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  const hits: string[] = [];
  // One statement per table, counting every column and needle at once: a statement per column
  // and needle cost seconds on the embedded database.
  for (const [table, names] of byTable) {
    const pairs = names.flatMap((column) => needles.map((needle) => ({ column, needle })));
    const counts = pairs.map(
      ({ column, needle }, i) =>
        sql`count(*) filter (where ${sql.identifier(column)}::text ilike ${`%${needle}%`})::int
          as ${sql.identifier(`n${i}`)}`,
    );
    const [found] = await q<Record<string, number>>(
      db,
      sql`select ${sql.join(counts, sql`, `)} from ${sql.identifier(table)}`,
    );
    pairs.forEach(({ column, needle }, i) => {
      if ((found?.[`n${i}`] ?? 0) > 0) hits.push(`${table}.${column}: ${needle}`);
    });
  }
  return hits;
}
