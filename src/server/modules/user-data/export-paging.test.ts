import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '#contract/user-data';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import type { AnyEndpoint } from '#contract/endpoint';
import { exportOf, walkExport } from '../../testing/user-data-fixtures';
import { addOrganizations } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addCommentAnnotations } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { addNotifications } from '#contract/notifications';

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

const ann = { userId: 'u-ann', name: 'Ann', email: 'ann@example.com' };
const bob = { userId: 'u-bob', name: 'Bob', email: 'bob@example.com' };
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function post(endpoint: AnyEndpoint, data: unknown) {
  const res = await fx.send(endpoint, data);
  if (res.status !== 200) throw new Error(`${endpoint.path}: ${JSON.stringify(res.body)}`);
}

/** The key of each exported item, to count every item once. */
const keysOf = (all: UserData) => ({
  comments: all.comments.map((c) => `${String(c.annotationId)}/${String(c.commentId)}`),
  reactions: all.reactions.map((r) => String(r.reactionId)),
  recordings: all.recordings.map((r) => String(r.recordingId)),
  notifications: all.notifications.map((n) => String(n.id)),
});

const distinct = (keys: readonly string[]) => new Set(keys).size;

describe('Get All User Data paging', () => {
  beforeAll(async () => {
    const on = { organizationId: 'org-p', documentId: 'doc-1' };
    await post(addOrganizations, {
      organizations: [{ organizationId: 'org-p', organizationName: 'P' }],
    });
    await post(addDocuments, {
      organizationId: 'org-p',
      documents: [{ documentId: 'doc-1', documentName: 'Doc' }],
    });
    // 250 of Ann's comments in three threads (at most 100 comments each), Bob's between them.
    await post(addCommentAnnotations, {
      ...on,
      commentAnnotations: [90, 90, 70].map((n, a) => ({
        annotationId: `a-${a}`,
        commentData: range(n).flatMap((i) => [
          { commentText: `ann ${a}/${i}`, from: ann },
          ...(i % 10 === 0 ? [{ commentText: 'bob', from: bob }] : []),
        ]),
      })),
    });
    await post(addReactions, {
      ...on,
      reactions: range(300).map((i) => ({ icon: 'x', from: i % 6 === 5 ? bob : ann })),
    });
    // Exactly one page of recordings: done after the first page, and empty on the next ones.
    await post(addRecordings, {
      ...on,
      recordings: range(110).map((i) => ({
        type: 'screen',
        url: `https://cdn.example.com/${i}.webm`,
        from: i < 100 ? ann : bob,
      })),
    });
    // 260 notifications of Ann: as actor, as recipient, and as both; 10 of Bob's among them.
    for (const i of range(270)) {
      const role = i % 27 === 26 ? 'none' : (['actor', 'recipient', 'both'] as const)[i % 3];
      await post(addNotifications, {
        ...on,
        notificationId: `n-${String(i).padStart(3, '0')}`,
        actionUser: role === 'actor' || role === 'both' ? ann : bob,
        notifyUsers: role === 'recipient' || role === 'both' ? [ann] : [bob],
        notifyAll: false,
        displayHeadlineMessageTemplate: 'h',
        displayBodyMessage: 'b',
      });
    }
  }, 240_000);

  it('walks 250 items per feature in pages of at most 100, each item once, ending with null', async () => {
    const { all, pages } = await walkExport(exportOf(fx), 'org-p', 'u-ann');
    expect(pages).toBe(3);
    const keys = keysOf(all);
    expect(keys.comments).toHaveLength(250);
    expect(distinct(keys.comments)).toBe(250);
    expect(all.comments.every((c) => String(c.commentText).startsWith('ann'))).toBe(true);
    expect(keys.reactions).toHaveLength(250);
    expect(distinct(keys.reactions)).toBe(250);
    expect(keys.recordings).toHaveLength(100);
    expect(distinct(keys.recordings)).toBe(100);
    expect(keys.notifications).toHaveLength(260);
    expect(distinct(keys.notifications)).toBe(260);
  });

  it('keeps a finished feature finished on the following pages', async () => {
    const call = exportOf(fx);
    const first = await call({ organizationId: 'org-p', userId: 'u-ann' });
    expect(first.body.result.data.recordings).toHaveLength(100);
    const second = await call({
      organizationId: 'org-p',
      userId: 'u-ann',
      pageToken: first.body.result.nextPageToken,
    });
    expect(second.body.result.data.recordings).toEqual([]);
    expect(second.body.result.data.comments).toHaveLength(100);
  });

  it('refuses a token on another user, organization or API key', async () => {
    const call = exportOf(fx);
    const first = await call({ organizationId: 'org-p', userId: 'u-ann' });
    const pageToken = first.body.result.nextPageToken;
    expect(pageToken).toEqual(expect.any(String));
    const other = await createWorkspaceFixture(svc);
    for (const [client, data] of [
      [call, { organizationId: 'org-p', userId: 'u-bob', pageToken }],
      [call, { organizationId: 'org-q', userId: 'u-ann', pageToken }],
      [exportOf(other), { organizationId: 'org-p', userId: 'u-ann', pageToken }],
      [call, { organizationId: 'org-p', userId: 'u-ann', pageToken: `${String(pageToken)}x` }],
    ] as const) {
      const res = await client(data);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'data.pageToken is not valid for this list and filters; start again without it.',
        code: 400,
      });
    }
  });
});

const MANY = 10_000;

describe(`Get All User Data of a user with ${MANY.toLocaleString('en')} items per feature`, () => {
  beforeAll(async () => {
    const db = svc.database.db;
    const k = fx.apiKey;
    const author = (u: string) => sql`jsonb_build_object('userId', ${u}::text)`;
    // Straight into the tables, as the query-plan tests load them: Ann's items and as many of
    // Bob's, interleaved in key order.
    await db.execute(sql`insert into comment_annotations (api_key_id, organization_id,
        annotation_id, document_id, created_at)
      select ${k}, 'org-m', 'a-' || lpad(a::text, 4, '0'), 'doc-' || (a % 7), now()
      from generate_series(0, 199) as a`);
    await db.execute(sql`insert into comments (api_key_id, organization_id, annotation_id,
        comment_id, comment_text, "from", created_at)
      select ${k}, 'org-m', 'a-' || lpad((i % 200)::text, 4, '0'), 'c-' || lpad(i::text, 6, '0'),
        't', case when i % 2 = 0 then ${author('u-ann')} else ${author('u-bob')} end, now()
      from generate_series(0, ${2 * MANY - 1}) as i`);
    await db.execute(sql`insert into reactions (api_key_id, organization_id, reaction_id,
        document_id, icon, "from", created_at)
      select ${k}, 'org-m', 'r-' || lpad(i::text, 6, '0'), 'doc-1', 'x',
        case when i % 2 = 0 then ${author('u-ann')} else ${author('u-bob')} end, now()
      from generate_series(0, ${2 * MANY - 1}) as i`);
    await db.execute(sql`insert into recordings (api_key_id, organization_id, recording_id,
        document_id, type, url, "from", created_at)
      select ${k}, 'org-m', 'v-' || lpad(i::text, 6, '0'), 'doc-1', 'audio', 'https://x.example',
        case when i % 2 = 0 then ${author('u-ann')} else ${author('u-bob')} end, now()
      from generate_series(0, ${2 * MANY - 1}) as i`);
    // Ann acts in the even notifications (7,500) and receives every third, of which the odd ones
    // (2,500) are hers only as recipient: 10,000 of 15,000 involve her, 2,500 of them twice.
    // Four notifications share each millisecond, so that the id's tie-break is at work.
    await db.execute(sql`insert into notifications (api_key_id, organization_id,
        notification_id, document_id, action_user_id, action_user, headline_template,
        body_message, notify_users, notify_all, source, timestamp_ms)
      select ${k}, 'org-m', 'n-' || lpad(i::text, 6, '0'), 'doc-1',
        case when i % 2 = 0 then 'u-ann' else 'u-bob' end, '{}', 'h', 'b', '[]', false, 'custom',
        1700000000000 + (i / 4)
      from generate_series(0, 14999) as i`);
    await db.execute(sql`insert into notification_users (api_key_id, organization_id,
        notification_id, user_id, role, timestamp_ms)
      select ${k}, 'org-m', 'n-' || lpad(i::text, 6, '0'),
        case when i % 3 = 0 then 'u-ann' else 'u-bob' end, 'recipient', 1700000000000 + (i / 4)
      from generate_series(0, 14999) as i`);
    await db.execute(sql`analyze`);
  }, 120_000);

  it('exports every item exactly once, page by page, and ends with null', async () => {
    const { all, pages } = await walkExport(exportOf(fx), 'org-m', 'u-ann');
    expect(pages).toBe(MANY / 100);
    const keys = keysOf(all);
    for (const feature of ['comments', 'reactions', 'recordings', 'notifications'] as const) {
      expect(keys[feature], feature).toHaveLength(MANY);
      expect(distinct(keys[feature]), feature).toBe(MANY);
    }
    expect(
      all.comments.every(
        (c) => c.documentId === `doc-${Number(String(c.annotationId).slice(2)) % 7}`,
      ),
    ).toBe(true);
  }, 180_000);
});
