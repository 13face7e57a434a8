import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan, planOf } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import {
  USER_TABLES,
  deleteUserEmailsStatement,
  deleteUserRowsStatement,
  emptiedThreadsStatement,
} from './erase-store';
import { eraseTargetsStatement } from './erase-targets';

/** Rows per table: past the 50,000 where a sequential scan would show. */
const ROWS = 60_000;
/** Organizations of the key, and users per organization. */
const ORGANIZATIONS = 200;
const USERS = 300;

let svc: TestService;
let apiKeyId: string;
beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const otherKey = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  // Another key's many organizations: the key's own are a range of the primary key.
  await db.execute(sql`
    insert into organizations (api_key_id, organization_id, organization_name, created_at,
      updated_at)
    select ${otherKey}, 'org-' || n, 'Org', now(), now() from generate_series(1, ${ROWS}) n`);
  const org = (n: string) => sql.raw(`'org-' || (${n} % ${ORGANIZATIONS})`);
  const user = (n: string) => sql.raw(`'user-' || (${n} % ${USERS})`);
  const from = (n: string) => sql.raw(`jsonb_build_object('userId', 'user-' || (${n} % ${USERS}))`);
  await db.execute(sql`
    insert into organizations (api_key_id, organization_id, organization_name, created_at,
      updated_at)
    select ${apiKeyId}, 'org-' || n, 'Org', now(), now()
    from generate_series(0, ${ORGANIZATIONS - 1}) n`);
  await db.execute(sql`
    insert into organization_users (api_key_id, organization_id, user_id, name, email,
      organization_level, created_at, updated_at)
    select ${apiKeyId}, ${org('n')}, 'user-' || n, 'Name', 'e@example.com', true, now(), now()
    from generate_series(0, ${ROWS - 1}) n`);
  for (const [table, id] of [
    ['reactions', 'reaction_id'],
    ['recordings', 'recording_id'],
  ] as const) {
    const extra = table === 'reactions' ? sql`icon, "from"` : sql`type, url, "from"`;
    const values =
      table === 'reactions'
        ? sql`'x', ${from('n')}`
        : sql`'audio', 'https://m.example.com', ${from('n')}`;
    await db.execute(sql`
      insert into ${sql.identifier(table)} (api_key_id, organization_id, ${sql.identifier(id)},
        document_id, ${extra}, created_at)
      select ${apiKeyId}, ${org('n')}, 'id-' || n, 'doc', ${values}, now()
      from generate_series(1, ${ROWS}) n`);
  }
  await db.execute(sql`
    insert into comment_annotations (api_key_id, organization_id, annotation_id, document_id,
      created_at)
    select ${apiKeyId}, 'org-' || n, 'ann', 'doc', now()
    from generate_series(0, ${ORGANIZATIONS - 1}) n`);
  await db.execute(sql`
    insert into comment_annotations (api_key_id, organization_id, annotation_id, document_id,
      created_at)
    select ${apiKeyId}, 'org-7', 'thread-' || n, 'doc', now() from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`
    insert into comments (api_key_id, organization_id, annotation_id, comment_id, comment_text,
      "from", created_at)
    select ${apiKeyId}, ${org('n')}, 'ann', 'cmt-' || n, 'text', ${from('n')}, now()
    from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`
    insert into activities (api_key_id, organization_id, activity_id, feature_type, action_type,
      action_user, created_at, updated_at)
    select ${apiKeyId}, ${org('n')}, 'act-' || n, 'f', 'a', ${from('n')}, now(), now()
    from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`
    insert into notifications (api_key_id, organization_id, notification_id, document_id,
      action_user_id, action_user, headline_template, body_message, notify_users, notify_all,
      source, timestamp_ms)
    select ${apiKeyId}, ${org('n')}, 'ntf-' || n, 'doc', ${user('n')}, ${from('n')}, 'h', 'b',
      '[]'::jsonb, false, 'custom', n
    from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`
    insert into notification_users (api_key_id, organization_id, notification_id, user_id, role,
      timestamp_ms)
    select ${apiKeyId}, ${org('n')}, 'ntf-' || n, ${user('n + 7')}, 'recipient', n
    from generate_series(1, ${ROWS}) n`);
  // The e-mail service's outbox: each e-mail to one user, quoting another's comment.
  await db.execute(sql`
    insert into sent_emails (id, api_key_id, organization_id, recipient_user_id, author_user_id,
      trigger, provider, to_address, from_name, from_address, subject, text_body, html_body, link,
      status, created_at)
    select 'eml-' || n, ${apiKeyId}, ${org('n')}, ${user('n')}, ${user('n + 3')}, 'comment.add',
      'default', 'x@example.com', 'A', 'a@example.com', 'S', 'T', 'H', 'https://x', 'sent', now()
    from generate_series(1, ${ROWS}) n`);
  for (const table of [
    'sent_emails',
    'comment_annotations',
    'organizations',
    'organization_users',
    'reactions',
    'recordings',
    'comments',
    'activities',
    'notifications',
    'notification_users',
  ]) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
}, 180_000);
afterAll(() => svc.close());

describe('Delete All User Data', () => {
  it('finds the organizations of a user through the user indexes of each table', async () => {
    // Not a list: its sort is of the answer (the tasks), so only the scans are checked.
    const nodes = await planOf(svc.database.db, eraseTargetsStatement(apiKeyId, ['u-7', 'u-8']));
    const shown = nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(' > ');
    expect(shown).not.toContain('Seq Scan');
    const used = nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
    expect(used).toEqual(
      expect.arrayContaining([
        'organization_users_pk',
        'comments_author_idx',
        'reactions_author_idx',
        'recordings_author_idx',
        'activities_user_idx',
        'notifications_action_user_idx',
        'notification_users_user_idx',
        'organizations_pk',
      ]),
    );
  });

  it('deletes the threads a user leaves empty through the comment and reaction indexes', async () => {
    const u = { apiKeyId, organizationId: 'org-7', userId: 'user-7' };
    const threads = Array.from({ length: 1000 }, (_, i) => `thread-${i}`);
    const used = await expectIndexedPlan(svc.database.db, emptiedThreadsStatement(u, threads));
    expect(used).toEqual(expect.arrayContaining(['reactions_annotation_idx']));
  });

  it('deletes the e-mails to or about a user through the recipient and author indexes', async () => {
    const u = { apiKeyId, organizationId: 'org-7', userId: 'user-7' };
    const used = await expectIndexedPlan(svc.database.db, deleteUserEmailsStatement(u));
    expect(used).toEqual(
      expect.arrayContaining(['sent_emails_recipient_idx', 'sent_emails_author_idx']),
    );
  });

  it.each(USER_TABLES)('deletes a user’s rows of %s through an index', async (table) => {
    const u = { apiKeyId, organizationId: 'org-7', userId: 'user-7' };
    const used = await expectIndexedPlan(svc.database.db, deleteUserRowsStatement(table, u));
    expect(used.length).toBeGreaterThan(0);
  });
});
