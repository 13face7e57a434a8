import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { addOrganizationWith, notificationBody } from '../../testing/notification-fixtures';
import { dataOf } from '../../testing/replies';
import { addNotifications, deleteNotifications, getNotifications } from '#contract/notifications';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });
const deleted = { success: true, message: 'Notification deleted successfully.' };
const notDeleted = { success: false, message: 'Failed to delete notification.' };

/** The known data set: where each notification is and whose inbox holds it. */
const DATA = [
  { id: 'n1', documentId: 'd1', locationId: 'l1', users: ['u1', 'u2'] },
  { id: 'n2', documentId: 'd1', locationId: 'l2', users: ['u1'] },
  { id: 'n3', documentId: 'd2', locationId: 'l1', users: ['u2'] },
  { id: 'n4', documentId: 'd2', locationId: undefined, users: ['u1'] },
  { id: 'n5', documentId: 'd1', locationId: 'l1', users: ['u2'] },
] as const;

async function setUp() {
  const fx = await createWorkspaceFixture(svc);
  await addOrganizationWith(fx, 'org-1', ['d1', 'd2'], []);
  for (const d of DATA) {
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({
          notificationId: d.id,
          documentId: d.documentId,
          ...(d.locationId ? { locationId: d.locationId } : {}),
          notifyAll: false,
          notifyUsers: d.users.map((userId) => ({ userId })),
        }),
      ),
    );
  }
  const ids = async (filters: Record<string, unknown> = {}) =>
    dataOf(await fx.send(getNotifications, { organizationId: 'org-1', order: 'asc', ...filters }))
      .map((x) => x.id)
      .sort();
  return { fx, ids };
}

type Filters = { documentId?: string; locationId?: string; userId?: string };

/** The combinations the specification shows. */
const COMBINATIONS: [string, Filters][] = [
  ['document', { documentId: 'd1' }],
  ['user', { userId: 'u1' }],
  ['document and user', { documentId: 'd1', userId: 'u2' }],
  ['document and location', { documentId: 'd1', locationId: 'l1' }],
  ['location and user', { locationId: 'l1', userId: 'u2' }],
  ['document, location and user', { documentId: 'd1', locationId: 'l1', userId: 'u1' }],
];

const matches = (f: Filters) => (d: (typeof DATA)[number]) =>
  (f.documentId === undefined || d.documentId === f.documentId) &&
  (f.locationId === undefined || d.locationId === f.locationId) &&
  (f.userId === undefined || (d.users as readonly string[]).includes(f.userId));

describe('Delete Notifications', () => {
  it.each(COMBINATIONS)('by organization with %s', async (_name, filters) => {
    const { fx, ids } = await setUp();
    const hit = DATA.filter(matches(filters)).map((d) => d.id);
    expect(hit.length).toBeGreaterThan(0);
    const res = await fx.send(deleteNotifications, { organizationId: 'org-1', ...filters });
    expect(res.status).toBe(200);
    expect(res.body.result?.message).toBe('Notification(s) deleted successfully.');
    expect(dataOf(res)).toEqual(Object.fromEntries(hit.map((id) => [id, deleted])));
    const all = DATA.map((d) => d.id);
    if (filters.userId === undefined) {
      expect(await ids()).toEqual(all.filter((id) => !hit.includes(id)));
    } else {
      // Out of that user's inbox only: the notifications stay for their other users.
      expect(await ids()).toEqual(all);
      const inbox = DATA.filter(matches({ userId: filters.userId })).map((d) => d.id);
      expect(await ids({ userId: filters.userId })).toEqual(
        inbox.filter((id) => !hit.includes(id)),
      );
    }
    // Again: nothing left to delete.
    expect(
      dataOf(await fx.send(deleteNotifications, { organizationId: 'org-1', ...filters })),
    ).toEqual({});
  });

  it.each(COMBINATIONS)('by organization with %s and notificationIds', async (_name, filters) => {
    const { fx, ids } = await setUp();
    const asked = ['n1', 'n3', 'n4', 'unknown'];
    const hit: string[] = DATA.filter(matches(filters))
      .map((d) => d.id)
      .filter((id) => asked.includes(id));
    const res = await fx.send(deleteNotifications, {
      organizationId: 'org-1',
      ...filters,
      notificationIds: asked,
    });
    expect(res.status).toBe(200);
    expect(dataOf(res)).toEqual(
      Object.fromEntries(asked.map((id) => [id, hit.includes(id) ? deleted : notDeleted])),
    );
    if (filters.userId === undefined) {
      expect(await ids()).toEqual(DATA.map((d) => d.id).filter((id) => !hit.includes(id)));
    }
  });

  it('deletes named notifications anywhere in the organization, unknown ids failing', async () => {
    const { fx, ids } = await setUp();
    const res = await fx.send(deleteNotifications, {
      organizationId: 'org-1',
      notificationIds: ['n2', 'nope', 'n2'],
    });
    expect(dataOf(res)).toEqual({ n2: deleted, nope: notDeleted });
    expect(await ids()).toEqual(['n1', 'n3', 'n4', 'n5']);
    expect(
      dataOf(
        await fx.send(deleteNotifications, { organizationId: 'org-1', notificationIds: ['n2'] }),
      ),
    ).toEqual({
      n2: notDeleted,
    });
  });

  it('removes the users’ rows with the notification', async () => {
    const { fx } = await setUp();
    dataOf(await fx.send(deleteNotifications, { organizationId: 'org-1', documentId: 'd2' }));
    const left = await rows<{ notification_id: string }>(
      svc.database.db,
      sql`select distinct notification_id from notification_users where api_key_id = ${fx.apiKey}
        order by 1`,
    );
    expect(left.map((r) => r.notification_id)).toEqual(['n1', 'n2', 'n5']);
  });

  it('refuses organizationId alone, and deletes nothing', async () => {
    const { fx, ids } = await setUp();
    const res = await fx.send(deleteNotifications, { organizationId: 'org-1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      error(
        'INVALID_ARGUMENT',
        'Provide at least one of documentId, locationId, userId or notificationIds.',
      ),
    );
    expect(await ids()).toEqual(DATA.map((d) => d.id));
  });

  it('refuses an unknown organization and invalid fields with INVALID_ARGUMENT', async () => {
    const { fx, ids } = await setUp();
    const unknown = await fx.send(deleteNotifications, {
      organizationId: 'org-x',
      notificationIds: ['n1'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-x does not exist.'));
    for (const data of [
      {},
      { organizationId: 'org-1', notificationIds: [] },
      { organizationId: 'org-1', documentId: '' },
      { organizationId: 'org-1', userId: 7 },
    ]) {
      const res = await fx.send(deleteNotifications, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    }
    expect(await ids()).toEqual(DATA.map((d) => d.id));
  });

  it('never deletes another key’s notifications under the same ids', async () => {
    const mine = await setUp();
    const theirs = await setUp();
    dataOf(await mine.fx.send(deleteNotifications, { organizationId: 'org-1', documentId: 'd1' }));
    expect(await theirs.ids()).toEqual(DATA.map((d) => d.id));
  });
});
