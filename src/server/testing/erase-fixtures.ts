import { setTimeout as sleep } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import type { Client } from '#contract/client';
import { type DataDeletionJob, getDataDeletionJob } from '#contract/user-data';
import type { Db } from '../db/db';
import { rows } from './rows';
import { addOrganizations, addUserGroups, addUsersToGroups } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addFolder } from '#contract/folders';
import { addUsers } from '#contract/users';
import { addActivityLogs, addCommentAnnotations } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { type AddNotificationsRequest, addNotifications } from '#contract/notifications';
import { addJudgments } from '#contract/memory';

/** The user every erase test erases: a name and an e-mail that no other row holds by chance. */
export const erased = {
  userId: 'u-erased',
  name: 'Zebulon Canary',
  email: 'zebulon.canary@example.com',
};
export const ann = { userId: 'u-ann', name: 'Ann Other', email: 'ann.other@example.com' };
export const bob = { userId: 'u-bob', name: 'Bob Other', email: 'bob.other@example.com' };

/**
 * An organization where the erased user has everything a user can have, beside two other users
 * who reply in the erased user's thread, mention them, notify them and judge their draft; all
 * through the service's endpoints with the client's API key.
 */
export async function eraseFixture(client: Pick<Client, 'call'>, org: string): Promise<void> {
  const on = { organizationId: org, documentId: 'doc-1' };
  await client.call(addOrganizations, {
    organizations: [{ organizationId: org, organizationName: `Org ${org}` }],
  });
  await client.call(addDocuments, {
    organizationId: org,
    documents: [
      { documentId: 'doc-1', documentName: 'One' },
      { documentId: 'doc-2', documentName: 'Two' },
    ],
  });
  await client.call(addFolder, {
    organizationId: org,
    folders: [{ folderId: 'f-1', folderName: 'Folder' }],
  });
  await client.call(addUsers, { organizationId: org, users: [erased, ann, bob] });
  await client.call(addUsers, { ...on, users: [erased, ann] });
  await client.call(addUsers, { organizationId: org, folderId: 'f-1', users: [erased] });
  await client.call(addUserGroups, {
    organizationId: org,
    organizationUserGroups: [{ groupId: 'g-1', groupName: 'Group' }],
  });
  await client.call(addUsersToGroups, {
    organizationId: org,
    organizationUserGroupId: 'g-1',
    userIds: [erased.userId, ann.userId],
  });
  await client.call(addCommentAnnotations, {
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
  await client.call(addReactions, {
    ...on,
    reactions: [
      { icon: '🎉', from: erased },
      { icon: '👍', annotationId: 't-ann', from: ann },
    ],
  });
  await client.call(addRecordings, {
    ...on,
    recordings: [
      { type: 'audio', url: 'https://media.example.com/e.mp3', from: erased },
      { type: 'video', url: 'https://media.example.com/a.mp4', from: ann },
    ],
  });
  await client.call(addActivityLogs, {
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
  await client.call(addJudgments, {
    judgments: [
      { ...on, text: 'Refund of 40 EUR', decision: 'approve' as const, reviewerId: erased.userId },
      { ...on, text: 'Refund of 40 EUR', decision: 'reject' as const, reviewerId: ann.userId },
    ].map((j) => ({ ...j, judgmentId: `${org}-${j.reviewerId}` })),
  });
  const notification = (
    id: string,
    extra: Omit<AddNotificationsRequest, 'organizationId' | 'documentId' | 'displayBodyMessage'>,
  ) =>
    client.call(addNotifications, {
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

/**
 * Polls Get Data Deletion Job through the client until the job has ended or `timeoutMs` has
 * passed: the job as last read.
 */
export async function waitForDeletionJob(
  client: Pick<Client, 'call'>,
  jobId: string,
  timeoutMs = 60_000,
): Promise<DataDeletionJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data: job } = await client.call(getDataDeletionJob, { jobId });
    if (job.status === 'completed' || job.status === 'failed' || Date.now() >= deadline) return job;
    await sleep(50);
  }
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
