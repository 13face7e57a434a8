import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import {
  type NotificationsQuery,
  deleteNotificationsStatement,
  notificationsPageStatement,
} from './store';

const NOTIFICATIONS = 60_000;
/**
 * Documents of ~300 notifications each, beside one holding a quarter of the table; locations
 * likewise: one of a quarter, small ones of a dozen, most notifications in none.
 */
const DOCUMENTS = 200;
/** Users, each in the inbox of ~3 notifications of 4 (two recipients per notification). */
const USERS = 400;
const START = 1_700_000_000_000;
let svc: TestService;
let apiKeyId: string;

const ntf = (i: number) => `n-${String(i).padStart(6, '0')}`;

beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  // Straight into the tables: Add Notifications writes one a call.
  await db.execute(sql`
    insert into notifications (api_key_id, organization_id, notification_id, document_id,
      location_id, action_user_id, action_user, headline_template, body_message, notify_users,
      notify_all, source, timestamp_ms)
    select ${apiKeyId}, 'org-big', 'n-' || lpad(i::text, 6, '0'),
      case i % 4 when 0 then 'd-big' else 'd-' || (i % ${DOCUMENTS}) end,
      case when i % 4 = 1 then 'loc-big' when i % 10 = 0 then 'loc-' || (i % 500) end,
      'u-' || (i % ${USERS}), '{}', 'H', 'B', '[]', false, 'custom', ${START}::bigint + i * 10
    from generate_series(0, ${NOTIFICATIONS - 1}) as i`);
  // Before the users' rows: their foreign-key checks would otherwise be planned on the statistics
  // of an empty table and read a whole index range each.
  await db.execute(sql`analyze notifications`);
  await db.execute(sql`
    insert into notification_users (api_key_id, organization_id, notification_id, user_id, role,
      timestamp_ms)
    select ${apiKeyId}, 'org-big', 'n-' || lpad(i::text, 6, '0'), 'u-' || ((i + k) % ${USERS}),
      case k when 0 then 'recipient' else 'mentioned' end, ${START}::bigint + i * 10
    from generate_series(0, ${NOTIFICATIONS - 1}) as i, generate_series(0, 1) as k`);
  await db.execute(sql`analyze notification_users`);
}, 180_000);
afterAll(() => svc.close());

const page = (q: Partial<NotificationsQuery>) =>
  notificationsPageStatement({
    apiKeyId,
    organizationId: 'org-big',
    order: 'desc',
    limit: 1000,
    ...q,
  });
const deep = { at: START + 45_000 * 10, id: ntf(45_000) };

describe(`Get Notifications over ${NOTIFICATIONS.toLocaleString('en')} notifications`, () => {
  it('reads the organization’s first and deep pages, both orders, through the time index', async () => {
    for (const q of [
      {},
      { after: deep },
      { order: 'asc' as const },
      { order: 'asc' as const, after: deep },
    ]) {
      expect(await expectIndexedPlan(svc.database.db, page(q))).toContain('notifications_time_idx');
    }
  });

  it('reads a large and a small document through the document index', async () => {
    for (const q of [
      { documentId: 'd-big' },
      { documentId: 'd-big', after: deep },
      { documentId: 'd-7', limit: 50 },
    ]) {
      expect(await expectIndexedPlan(svc.database.db, page(q))).toContain(
        'notifications_document_idx',
      );
    }
  });

  it('reads a large and a small location through the location index', async () => {
    for (const q of [
      { locationId: 'loc-big' },
      { locationId: 'loc-big', after: deep },
      { locationId: 'loc-10', limit: 50 },
    ]) {
      expect(await expectIndexedPlan(svc.database.db, page(q))).toContain(
        'notifications_location_idx',
      );
    }
  });

  it('reads a user’s inbox through the users’ index, with and without a document', async () => {
    for (const q of [
      { userId: 'u-7' },
      { userId: 'u-7', after: deep },
      { userId: 'u-7', documentId: 'd-big' },
    ]) {
      expect(await expectIndexedPlan(svc.database.db, page(q))).toContain(
        'notification_users_user_idx',
      );
    }
  });

  it('looks named notifications up by key', async () => {
    const notificationIds = Array.from({ length: 30 }, (_, i) => ntf(i * 1999));
    expect(await expectIndexedPlan(svc.database.db, page({ notificationIds }))).toContain(
      'notifications_pk',
    );
  });
});

describe('Delete Notifications', () => {
  const filters = { apiKeyId, organizationId: 'org-big' };
  it('finds a document’s, a location’s and named notifications through indexes', async () => {
    for (const f of [
      { documentId: 'd-7' },
      { documentId: 'd-7', locationId: 'loc-10' },
      { notificationIds: [ntf(5), ntf(6)] },
    ]) {
      const indexes = await expectIndexedPlan(
        svc.database.db,
        deleteNotificationsStatement({ ...filters, apiKeyId, ...f }),
      );
      expect(indexes.some((i) => i.startsWith('notifications_'))).toBe(true);
    }
  });

  it('finds a user’s inbox rows through the users’ index', async () => {
    for (const f of [{ userId: 'u-7' }, { userId: 'u-7', documentId: 'd-7' }]) {
      const indexes = await expectIndexedPlan(
        svc.database.db,
        deleteNotificationsStatement({ ...filters, apiKeyId, ...f }),
      );
      expect(indexes).toContain('notification_users_user_idx');
    }
  });

  it('finds a user’s notifications as actor through the action user index', async () => {
    const statement = sql`select notification_id from notifications
      where api_key_id = ${apiKeyId} and organization_id = 'org-big' and action_user_id = 'u-7'`;
    expect(await expectIndexedPlan(svc.database.db, statement)).toContain(
      'notifications_action_user_idx',
    );
  });
});
