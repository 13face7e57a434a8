import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { addOrganizationWith, notificationBody } from '../../testing/notification-fixtures';
import { dataOf } from '../../testing/replies';
import { addNotifications, getNotifications } from '#contract/notifications';

/** Each call moves the clock on by a second, unless a test holds it still. */
let now = Date.parse('2026-03-01T10:00:00.000Z');
let ticking = true;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => {
      if (ticking) now += 1000;
      return new Date(now);
    },
  });
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });

/** Notifications n01…n{count}, oldest first, alternating documents d1/d2, all in u1's inbox. */
async function setUp(count: number) {
  const fx = await createWorkspaceFixture(svc);
  await addOrganizationWith(fx, 'org-1', ['d1', 'd2'], []);
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const id = `n${String(i).padStart(2, '0')}`;
    ids.push(id);
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({
          notificationId: id,
          documentId: i % 2 === 1 ? 'd1' : 'd2',
          locationId: i % 3 === 0 ? 'l3' : 'l1',
          notifyAll: false,
          notifyUsers: [{ userId: 'u1' }, ...(i % 4 === 0 ? [{ userId: 'u4' }] : [])],
        }),
      ),
    );
  }
  return { fx, ids };
}

/** Every page of a query, by its tokens; the ids in the order they came. */
async function walk(fx: WorkspaceFixture, filters: Record<string, unknown>, pageSize: number) {
  const seen: string[] = [];
  let pageToken: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const res = await fx.send(getNotifications, {
      organizationId: 'org-1',
      ...filters,
      pageSize,
      pageToken,
    });
    const page = dataOf(res);
    expect(page.length).toBeLessThanOrEqual(pageSize);
    seen.push(...page.map((x) => x.id));
    const next = res.body.result?.nextPageToken;
    if (!next) return seen;
    pageToken = next;
  }
  throw new Error('more than 100 pages');
}

describe('Get Notifications', () => {
  it('answers newest first by default, oldest first with order asc', async () => {
    const { fx, ids } = await setUp(5);
    const res = await fx.send(getNotifications, { organizationId: 'org-1' });
    expect(res.body.result?.message).toBe('Notification(s) retrieved successfully.');
    expect(res.body.result?.nextPageToken).toBeNull();
    expect(dataOf(res).map((x) => x.id)).toEqual([...ids].reverse());
    expect(
      dataOf(await fx.send(getNotifications, { organizationId: 'org-1', order: 'asc' })).map(
        (x) => x.id,
      ),
    ).toEqual(ids);
    const stamps = dataOf(
      await fx.send(getNotifications, { organizationId: 'org-1', order: 'asc' }),
    ).map((x) => x.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  });

  it('walks every page once in either order, for each filter', async () => {
    const { fx, ids } = await setUp(13);
    const byDocument = ids.filter((_, i) => i % 2 === 0);
    const byLocation = ids.filter((_, i) => (i + 1) % 3 === 0);
    const inboxU4 = ids.filter((_, i) => (i + 1) % 4 === 0);
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ids],
      [{ documentId: 'd1' }, byDocument],
      [{ locationId: 'l3' }, byLocation],
      [{ userId: 'u1' }, ids],
      [{ userId: 'u4' }, inboxU4],
      [{ documentId: 'd2', userId: 'u4' }, inboxU4],
      [{ documentId: 'd1', locationId: 'l3', userId: 'u1' }, ['n03', 'n09']],
      [{ notificationIds: ['n02', 'n05', 'n07', 'missing'] }, ['n02', 'n05', 'n07']],
      [{ notificationIds: ['n02', 'n05', 'n07'], documentId: 'd1' }, ['n05', 'n07']],
    ];
    for (const [filters, expected] of cases) {
      for (const pageSize of [1, 4, 1000]) {
        const asc = await walk(fx, { ...filters, order: 'asc' }, pageSize);
        expect(asc, `${JSON.stringify(filters)} asc ${pageSize}`).toEqual(expected);
        const desc = await walk(fx, filters, pageSize);
        expect(desc, `${JSON.stringify(filters)} desc ${pageSize}`).toEqual(
          [...expected].reverse(),
        );
      }
    }
  });

  it('orders notifications of the same millisecond by id, across pages', async () => {
    ticking = false;
    try {
      const { fx, ids } = await setUp(7);
      expect(await walk(fx, { order: 'asc' }, 2)).toEqual(ids);
      expect(await walk(fx, {}, 3)).toEqual([...ids].reverse());
    } finally {
      ticking = true;
    }
  });

  it('answers 1000 a page by default', async () => {
    const { fx } = await setUp(0);
    await svc.database.db.execute(sql`
      insert into notifications (api_key_id, organization_id, notification_id, document_id,
        action_user_id, action_user, headline_template, body_message, notify_users, notify_all,
        source, timestamp_ms)
      select ${fx.apiKey}, 'org-1', 'bulk-' || lpad(i::text, 4, '0'), 'd1', 'u', '{"userId":"u"}',
        'H', 'B', '[]', true, 'custom', 1700000000000 + i
      from generate_series(1, 1001) as i`);
    const first = await fx.send(getNotifications, { organizationId: 'org-1' });
    expect(dataOf(first)).toHaveLength(1000);
    expect(dataOf(first)[0]?.id).toBe('bulk-1001');
    const rest = await fx.send(getNotifications, {
      organizationId: 'org-1',
      pageToken: first.body.result?.nextPageToken,
    });
    expect(dataOf(rest).map((x) => x.id)).toEqual(['bulk-0001']);
    expect(rest.body.result?.nextPageToken).toBeNull();
  });

  it('refuses a token of other filters, another order or another key', async () => {
    const { fx } = await setUp(3);
    const first = await fx.send(getNotifications, { organizationId: 'org-1', pageSize: 1 });
    const pageToken = first.body.result?.nextPageToken ?? '';
    expect(pageToken).toMatch(/^npt_/);
    const refused = error(
      'INVALID_ARGUMENT',
      'data.pageToken is not valid for this list and filters; start again without it.',
    );
    for (const other of [{ documentId: 'd1' }, { order: 'asc' }, { userId: 'u1' }]) {
      const res = await fx.send(getNotifications, {
        organizationId: 'org-1',
        pageSize: 1,
        pageToken,
        ...other,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused);
    }
    // The page size may change between pages.
    expect(
      dataOf(await fx.send(getNotifications, { organizationId: 'org-1', pageSize: 5, pageToken })),
    ).toHaveLength(2);
    const otherKey = await createWorkspaceFixture(svc);
    expect(
      (await otherKey.send(getNotifications, { organizationId: 'org-1', pageToken })).body,
    ).toEqual(refused);
  });

  it('answers INVALID_ARGUMENT for an unknown organization and an empty list for a known one', async () => {
    const { fx } = await setUp(0);
    expect(dataOf(await fx.send(getNotifications, { organizationId: 'org-1' }))).toEqual([]);
    const res = await fx.send(getNotifications, { organizationId: 'org-x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-x does not exist.'));
  });

  it('refuses invalid fields with INVALID_ARGUMENT', async () => {
    const { fx } = await setUp(0);
    for (const data of [
      {},
      { organizationId: 'org-1', order: 'newest' },
      { organizationId: 'org-1', pageSize: 0 },
      { organizationId: 'org-1', pageSize: 1001 },
      { organizationId: 'org-1', pageSize: 1.5 },
      { organizationId: 'org-1', notificationIds: Array.from({ length: 31 }, (_, i) => `n${i}`) },
      { organizationId: 'org-1', pageToken: 'npt_forged.sig' },
    ]) {
      const res = await fx.send(getNotifications, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('shows one key nothing of another', async () => {
    const a = await setUp(2);
    const b = await setUp(0);
    expect(dataOf(await b.fx.send(getNotifications, { organizationId: 'org-1' }))).toEqual([]);
    expect(dataOf(await a.fx.send(getNotifications, { organizationId: 'org-1' }))).toHaveLength(2);
  });
});
