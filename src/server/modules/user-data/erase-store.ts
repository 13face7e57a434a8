import { type SQL, sql } from 'drizzle-orm';
import type { ErasedCounts } from '#contract/user-data';
import { type DbOrTx, rowsOf } from '../../db/transaction';

/** One user in one organization: what an erase task works on. */
export interface ErasedUser {
  apiKeyId: string;
  organizationId: string;
  userId: string;
}

const inOrganization = (u: ErasedUser) =>
  sql`api_key_id = ${u.apiKeyId} and organization_id = ${u.organizationId}`;

async function countOf(db: DbOrTx, statement: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/**
 * Every name and e-mail the organization's rows hold for the user: the profile and the user
 * objects of the user's own data, read before it goes so that copies elsewhere can be found.
 */
export async function identityStrings(db: DbOrTx, u: ErasedUser): Promise<string[]> {
  const where = inOrganization(u);
  const found = await rowsOf<{ s: string }>(
    db,
    sql`select distinct s from (
        select name as s from organization_users where ${where} and user_id = ${u.userId}
        union all select email from organization_users where ${where} and user_id = ${u.userId}
        union all select v from comments, lateral (values ("from" ->> 'name'), ("from" ->> 'email'))
          as f(v) where ${where} and from_user_id = ${u.userId}
        union all select v from reactions,
          lateral (values ("from" ->> 'name'), ("from" ->> 'email')) as f(v)
          where ${where} and from_user_id = ${u.userId}
        union all select v from recordings,
          lateral (values ("from" ->> 'name'), ("from" ->> 'email')) as f(v)
          where ${where} and from_user_id = ${u.userId}
        union all select v from activities,
          lateral (values (action_user ->> 'name'), (action_user ->> 'email')) as f(v)
          where ${where} and action_user_id = ${u.userId}
        union all select v from notifications,
          lateral (values (action_user ->> 'name'), (action_user ->> 'email')) as f(v)
          where ${where} and action_user_id = ${u.userId}
      ) as all_strings
      where s is not null and s <> ''`,
  );
  return found.map((r) => r.s);
}

/**
 * Deletes the threads among `annotations` that have no comment and no reaction left, each
 * checked through the comments' primary key and the reactions' annotation index; apart so that
 * a test can check its plan.
 */
export function emptiedThreadsStatement(u: ErasedUser, annotations: readonly string[]): SQL {
  return sql`delete from comment_annotations a
    where a.api_key_id = ${u.apiKeyId} and a.organization_id = ${u.organizationId}
      and a.annotation_id in
        (select jsonb_array_elements_text(${JSON.stringify(annotations)}::jsonb))
      and not exists (select 1 from comments c where c.api_key_id = a.api_key_id
        and c.organization_id = a.organization_id and c.annotation_id = a.annotation_id)
      and not exists (select 1 from reactions r where r.api_key_id = a.api_key_id
        and r.organization_id = a.organization_id and r.annotation_id = a.annotation_id)`;
}

/**
 * Deletes the user's comments, then the annotations they leave empty (no comment and no
 * reaction left: a thread the user started keeps other users' replies). Answers both counts.
 */
async function deleteComments(db: DbOrTx, u: ErasedUser) {
  const touched = await rowsOf<{ annotation_id: string }>(
    db,
    sql`${deleteUserRowsStatement('comments', u)} returning annotation_id`,
  );
  const annotations = [...new Set(touched.map((r) => r.annotation_id))];
  const emptied =
    annotations.length === 0 ? 0 : await countOf(db, emptiedThreadsStatement(u, annotations));
  return { comments: touched.length, annotations: emptied };
}

/** The rows an erase deletes, per feature: everything but the rows it rewrites. */
export type DeletedCounts = Omit<ErasedCounts, 'mentionsRewritten' | 'webhookRecordsRewritten'>;

/**
 * Deletes what the user created or holds in the organization, children before parents, each
 * through an index that starts with (api key, organization, user). Deleting by what is there
 * makes a second run find nothing.
 */
export async function deleteUserRows(db: DbOrTx, u: ErasedUser): Promise<DeletedCounts> {
  const remove = (table: UserTable) => countOf(db, deleteUserRowsStatement(table, u));
  const reactions = await remove('reactions');
  await db.execute(deleteUserEmailsStatement(u));
  const { comments, annotations } = await deleteComments(db, u);
  return {
    comments,
    annotations,
    reactions,
    recordings: await remove('recordings'),
    activities: await remove('activities'),
    judgments: await remove('judgments'),
    notifications: await remove('notifications'),
    notificationInboxes: await remove('notification_users'),
    groupMemberships: await remove('user_group_members'),
    documentAccess: await remove('document_users'),
    folderAccess: await remove('folder_users'),
    memberships: await remove('organization_users'),
  };
}

/** The column of each table that names the user whose rows they are. */
const USER_COLUMNS = {
  comments: 'from_user_id',
  reactions: 'from_user_id',
  recordings: 'from_user_id',
  activities: 'action_user_id',
  judgments: 'reviewer_id',
  notifications: 'action_user_id',
  notification_users: 'user_id',
  user_group_members: 'user_id',
  document_users: 'user_id',
  folder_users: 'user_id',
  organization_users: 'user_id',
} as const;
export type UserTable = keyof typeof USER_COLUMNS;
export const USER_TABLES = Object.keys(USER_COLUMNS) as UserTable[];

/**
 * The e-mail service's e-mails to the user or quoting their comments (they hold the address, the
 * name and the text), each way through its own index.
 */
export function deleteUserEmailsStatement(u: ErasedUser): SQL {
  return sql`delete from sent_emails
    where ${inOrganization(u)} and (recipient_user_id = ${u.userId} or author_user_id = ${u.userId})`;
}

/** The deletion of a user's rows of one table, apart so that a test can check its plan. */
export function deleteUserRowsStatement(table: UserTable, u: ErasedUser): SQL {
  return sql`delete from ${sql.identifier(table)}
    where ${inOrganization(u)} and ${sql.identifier(USER_COLUMNS[table])} = ${u.userId}`;
}
