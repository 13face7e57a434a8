import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import {
  actedNotificationsPageStatement,
  commentsPageStatement,
  exportPageStatement,
  involvedNotificationsPageStatement,
  reactionsPageStatement,
  recordingsPageStatement,
} from './export-store';

/** Rows per feature, of 400 users; the exported user holds 1 in 400 of them. */
const ROWS = 60_000;
const USERS = 400;
const START = 1_700_000_000_000;
/** The notifications of one heavy user, as actor and as recipient each. */
const HEAVY = 10_000;
let svc: TestService;
let apiKeyId: string;

const pad = (i: number) => String(i).padStart(6, '0');

beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  const author = sql`jsonb_build_object('userId', 'u-' || (i % ${USERS}))`;
  // Straight into the tables: the Add calls write a thousand a call at most.
  await db.execute(sql`insert into comment_annotations (api_key_id, organization_id,
      annotation_id, document_id, created_at)
    select ${apiKeyId}, 'org-big', 'a-' || lpad(a::text, 6, '0'), 'd-' || (a % 50), now()
    from generate_series(0, ${ROWS / 10 - 1}) as a`);
  await db.execute(sql`analyze comment_annotations`);
  await db.execute(sql`insert into comments (api_key_id, organization_id, annotation_id,
      comment_id, comment_text, "from", created_at)
    select ${apiKeyId}, 'org-big', 'a-' || lpad((i / 10)::text, 6, '0'),
      'c-' || lpad(i::text, 6, '0'), 't', ${author}, now()
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`insert into reactions (api_key_id, organization_id, reaction_id,
      document_id, icon, "from", created_at)
    select ${apiKeyId}, 'org-big', 'r-' || lpad(i::text, 6, '0'), 'd-' || (i % 50), 'x',
      ${author}, now()
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`insert into recordings (api_key_id, organization_id, recording_id,
      document_id, type, url, "from", created_at)
    select ${apiKeyId}, 'org-big', 'v-' || lpad(i::text, 6, '0'), 'd-' || (i % 50), 'audio',
      'https://x.example', ${author}, now()
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`insert into notifications (api_key_id, organization_id,
      notification_id, document_id, action_user_id, action_user, headline_template,
      body_message, notify_users, notify_all, source, timestamp_ms)
    select ${apiKeyId}, 'org-big', 'n-' || lpad(i::text, 6, '0'), 'd-' || (i % 50),
      'u-' || (i % ${USERS}), '{}', 'h', 'b', '[]', false, 'custom', ${START}::bigint + i * 10
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`analyze notifications`);
  await db.execute(sql`insert into notification_users (api_key_id, organization_id,
      notification_id, user_id, role, timestamp_ms)
    select ${apiKeyId}, 'org-big', 'n-' || lpad(i::text, 6, '0'),
      'u-' || ((i + 1 + k) % ${USERS}), case k when 0 then 'recipient' else 'mentioned' end,
      ${START}::bigint + i * 10
    from generate_series(0, ${ROWS - 1}) as i, generate_series(0, 1) as k`);
  // One heavy user: 10,000 notifications acted in and received, among the others in time.
  await db.execute(sql`insert into notifications (api_key_id, organization_id,
      notification_id, document_id, action_user_id, action_user, headline_template,
      body_message, notify_users, notify_all, source, timestamp_ms)
    select ${apiKeyId}, 'org-big', 'h-' || lpad(i::text, 6, '0'), 'd-1', 'u-heavy', '{}', 'h',
      'b', '[]', false, 'custom', ${START}::bigint + i * 60 + 5
    from generate_series(0, ${HEAVY - 1}) as i`);
  await db.execute(sql`insert into notification_users (api_key_id, organization_id,
      notification_id, user_id, role, timestamp_ms)
    select ${apiKeyId}, 'org-big', 'n-' || lpad(i::text, 6, '0'), 'u-heavy', 'recipient',
      ${START}::bigint + i * 10
    from generate_series(0, ${HEAVY - 1}) as i`);
  await db.execute(sql`analyze`);
}, 180_000);
afterAll(() => svc.close());

/** A page of 100 of the user's rows; `after` is set by each call, its type by the statement. */
const of = (userId = 'u-7') => ({ apiKeyId, organizationId: 'org-big', userId, limit: 100 });

const plans = async (statements: readonly SQL[], index: string) => {
  for (const statement of statements) {
    expect(await expectIndexedPlan(svc.database.db, statement)).toContain(index);
  }
};

describe(`Get All User Data over ${ROWS.toLocaleString('en')} rows per feature`, () => {
  it('reads a whole page in one statement, each feature through its own index', async () => {
    const order = sql`1`;
    const statement = exportPageStatement({
      comments: { statement: commentsPageStatement({ ...of(), after: undefined }), order },
      reactions: { statement: reactionsPageStatement({ ...of(), after: undefined }), order },
      recordings: { statement: recordingsPageStatement({ ...of(), after: undefined }), order },
      actedNotifications: {
        statement: actedNotificationsPageStatement({ ...of(), after: undefined }),
        order,
      },
      involvedNotifications: {
        statement: involvedNotificationsPageStatement({ ...of(), after: undefined }),
        order,
      },
    });
    expect(await expectIndexedPlan(svc.database.db, statement)).toEqual(
      expect.arrayContaining([
        'comments_author_idx',
        'reactions_author_idx',
        'recordings_author_idx',
        'notifications_action_user_idx',
        'notification_users_user_idx',
      ]),
    );
  });

  it('reads a user’s comments through the author index, first and deep pages', async () => {
    await plans(
      [
        commentsPageStatement({ ...of(), after: undefined }),
        commentsPageStatement({
          ...of(),
          after: { annotationId: 'a-003000', commentId: 'c-030007' },
        }),
      ],
      'comments_author_idx',
    );
  });

  it('reads a user’s reactions and recordings through their author indexes', async () => {
    await plans(
      [
        reactionsPageStatement({ ...of(), after: undefined }),
        reactionsPageStatement({ ...of(), after: `r-${pad(30_007)}` }),
      ],
      'reactions_author_idx',
    );
    await plans(
      [
        recordingsPageStatement({ ...of(), after: undefined }),
        recordingsPageStatement({ ...of(), after: `v-${pad(30_007)}` }),
      ],
      'recordings_author_idx',
    );
  });

  it('reads the notifications a user acted in and those involving them through their user indexes', async () => {
    const deep = { at: START + 30_007 * 10, id: `n-${pad(30_007)}` };
    await plans(
      [
        actedNotificationsPageStatement({ ...of(), after: undefined }),
        actedNotificationsPageStatement({ ...of(), after: deep }),
      ],
      'notifications_action_user_idx',
    );
    await plans(
      [
        involvedNotificationsPageStatement({ ...of(), after: undefined }),
        involvedNotificationsPageStatement({ ...of(), after: deep }),
      ],
      'notification_users_user_idx',
    );
  });

  it(`pages a user with ${HEAVY.toLocaleString('en')} notifications each way without sorting them`, async () => {
    const deep = { at: START + 5_000 * 60, id: `h-${pad(5_000)}` };
    await plans(
      [
        actedNotificationsPageStatement({ ...of('u-heavy'), after: undefined }),
        actedNotificationsPageStatement({ ...of('u-heavy'), after: deep }),
      ],
      'notifications_action_user_idx',
    );
    await plans(
      [
        involvedNotificationsPageStatement({ ...of('u-heavy'), after: undefined }),
        involvedNotificationsPageStatement({ ...of('u-heavy'), after: deep }),
      ],
      'notification_users_user_idx',
    );
  });
});
