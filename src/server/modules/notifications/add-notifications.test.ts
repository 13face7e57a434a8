import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { actor, addOrganizationWith, notificationBody } from '../../testing/notification-fixtures';
import { dataOf } from '../../testing/replies';
import { addNotifications, getNotifications } from '#contract/notifications';
import { addUsers } from '#contract/users';
import { getDocuments } from '#contract/documents';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(NOW) });
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });

async function setUp(userIds: readonly string[] = []) {
  const fx = await createWorkspaceFixture(svc);
  await addOrganizationWith(fx, 'org-1', ['doc-1'], userIds);
  return fx;
}

async function usersOf(fx: WorkspaceFixture, notificationId: string) {
  return rows<{ user_id: string; role: string }>(
    svc.database.db,
    sql`select user_id, role from notification_users
      where api_key_id = ${fx.apiKey} and notification_id = ${notificationId} order by user_id`,
  );
}

async function countOf(fx: WorkspaceFixture, table: string) {
  const [row] = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where api_key_id = ${fx.apiKey}`,
  );
  return row?.n ?? 0;
}

describe('Add Notifications', () => {
  it('stores the notification as given and answers success with its id', async () => {
    const fx = await setUp();
    const recipient = { userId: 'u-2', name: 'Bo', email: 'bo@example.com' };
    const templateData = { recipientUser: recipient, actionUser: actor, topic: 'Budget' };
    const sourceData = { z: 1, a: { nested: [1, 'two', null] }, m: true };
    const res = await fx.send(
      addNotifications,
      notificationBody({
        notificationId: 'n_1-A',
        locationId: 'loc-1',
        displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser} in {topic}',
        displayHeadlineMessageTemplateData: templateData,
        notifyUsers: [recipient],
        notificationSourceData: sourceData,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.result?.message).toBe('Notification added successfully.');
    expect(dataOf(res)).toEqual({
      success: true,
      notificationId: 'n_1-A',
      message: 'Notification added successfully.',
    });
    const [stored] = dataOf(await fx.send(getNotifications, { organizationId: 'org-1' }));
    expect(stored).toEqual({
      id: 'n_1-A',
      notificationSource: 'custom',
      notificationSourceData: sourceData,
      actionUser: actor,
      displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser} in {topic}',
      displayHeadlineMessageTemplateData: templateData,
      displayBodyMessage: 'Please have a look.',
      metadata: {
        apiKey: expect.any(String),
        documentId: 'doc-1',
        organizationId: 'org-1',
        locationId: 'loc-1',
      },
      notifyUsers: [recipient],
      notifyAll: true,
      timestamp: NOW,
    });
    // Both come back as given, in the caller's key order too.
    const raw = JSON.stringify((await fx.send(getNotifications, { organizationId: 'org-1' })).body);
    expect(raw).toContain(JSON.stringify(sourceData));
    expect(raw).toContain(JSON.stringify(templateData));
  });

  it('leaves out what was not given and generates an id of letters, digits and _', async () => {
    const fx = await setUp();
    const answer = dataOf(await fx.send(addNotifications, notificationBody({})));
    expect(answer.success).toBe(true);
    expect(answer.notificationId).toMatch(/^ntf_[A-Za-z0-9]+$/);
    const [stored] = dataOf(await fx.send(getNotifications, { organizationId: 'org-1' }));
    expect(stored?.id).toBe(answer.notificationId);
    expect(stored).not.toHaveProperty('notificationSourceData');
    expect(stored).not.toHaveProperty('displayHeadlineMessageTemplateData');
    expect(stored?.metadata).toEqual({
      apiKey: expect.any(String),
      documentId: 'doc-1',
      organizationId: 'org-1',
    });
    expect(dataOf(await fx.send(addNotifications, notificationBody({}))).notificationId).not.toBe(
      answer.notificationId,
    );
  });

  it('creates no duplicate for an id it has, says so, and keeps the first as it was', async () => {
    const fx = await setUp(['u-1']);
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({ notificationId: 'dup', displayBodyMessage: 'first' }),
      ),
    );
    const again = await fx.send(
      addNotifications,
      notificationBody({
        notificationId: 'dup',
        displayBodyMessage: 'second',
        notifyUsers: [actor],
      }),
    );
    expect(again.status).toBe(200);
    expect(dataOf(again)).toEqual({
      success: false,
      notificationId: 'dup',
      message: 'Notification dup already exists.',
    });
    expect(again.body.result?.message).toBe('Notification dup already exists.');
    const all = dataOf(await fx.send(getNotifications, { organizationId: 'org-1' }));
    expect(all.map((x) => [x.id, x.displayBodyMessage])).toEqual([['dup', 'first']]);
    expect(await usersOf(fx, 'dup')).toEqual([{ user_id: 'u-1', role: 'recipient' }]);
    // The same id in another organization is another notification.
    await addOrganizationWith(fx, 'org-2', ['doc-1'], []);
    expect(
      dataOf(
        await fx.send(
          addNotifications,
          notificationBody({ organizationId: 'org-2', notificationId: 'dup' }),
        ),
      ).success,
    ).toBe(true);
  });

  it('notifies every user of the organization by default, and the named users besides', async () => {
    const fx = await setUp(['u-1', 'u-2']);
    // A user known only through a document is a user of the organization too.
    dataOf(
      await fx.send(addUsers, {
        organizationId: 'org-1',
        documentId: 'doc-1',
        users: [{ userId: 'u-doc', name: 'D', email: 'd@example.com' }],
      }),
    );
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({ notificationId: 'all', notifyUsers: [{ userId: 'u-outside' }] }),
      ),
    );
    expect(await usersOf(fx, 'all')).toEqual([
      { user_id: 'u-1', role: 'recipient' },
      { user_id: 'u-2', role: 'recipient' },
      { user_id: 'u-doc', role: 'recipient' },
      { user_id: 'u-outside', role: 'recipient' },
    ]);
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({ notificationId: 'all-explicit', notifyAll: true }),
      ),
    );
    expect(await usersOf(fx, 'all-explicit')).toHaveLength(3);
  });

  it('notifies only notifyUsers with notifyAll false; users named in the template are mentioned', async () => {
    const fx = await setUp(['u-1', 'u-2']);
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({
          notificationId: 'some',
          notifyAll: false,
          notifyUsers: [{ userId: 'u-2' }, { userId: 'u-2' }, { userId: 'u-9' }],
          displayHeadlineMessageTemplateData: {
            actionUser: actor,
            recipientUser: { userId: 'u-1', name: 'One' },
          },
        }),
      ),
    );
    expect(await usersOf(fx, 'some')).toEqual([
      { user_id: 'u-1', role: 'mentioned' },
      { user_id: 'u-2', role: 'recipient' },
      { user_id: 'u-9', role: 'recipient' },
    ]);
    const [row] = await rows<{ action_user_id: string }>(
      svc.database.db,
      sql`select action_user_id from notifications where api_key_id = ${fx.apiKey}`,
    );
    expect(row?.action_user_id).toBe('u-actor');
    // A recipient's inbox holds it, a mentioned user's does not.
    const inbox = (userId: string) =>
      fx.send(getNotifications, { organizationId: 'org-1', userId });
    expect(dataOf(await inbox('u-2')).map((x) => x.id)).toEqual(['some']);
    expect(dataOf(await inbox('u-1'))).toEqual([]);
  });

  it('creates a missing organization and document when asked to', async () => {
    const fx = await createWorkspaceFixture(svc);
    const res = await fx.send(
      addNotifications,
      notificationBody({
        organizationId: 'new-org',
        documentId: 'new-doc',
        createOrganization: true,
        createDocument: true,
      }),
    );
    expect(dataOf(res).success).toBe(true);
    const docs = await fx.send(getDocuments, { organizationId: 'new-org' });
    expect(docs.body.result.data).toEqual([
      {
        id: 'new-doc',
        documentId: 'new-doc',
        documentName: 'new-doc',
        disabled: false,
        accessType: 'public',
      },
    ]);
    // Both existing already: nothing changes but the new notification.
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({
          organizationId: 'new-org',
          documentId: 'new-doc',
          createOrganization: true,
          createDocument: true,
        }),
      ),
    );
    expect(await countOf(fx, 'documents')).toBe(1);
    expect(await countOf(fx, 'notifications')).toBe(2);
  });

  it('refuses a missing organization or document with INVALID_ARGUMENT and writes nothing', async () => {
    const fx = await createWorkspaceFixture(svc);
    const noOrg = await fx.send(addNotifications, notificationBody({ createDocument: true }));
    expect(noOrg.status).toBe(400);
    expect(noOrg.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-1 does not exist.'));
    // The organization would be created, but the document is missing: neither stays.
    const noDoc = await fx.send(addNotifications, notificationBody({ createOrganization: true }));
    expect(noDoc.status).toBe(400);
    expect(noDoc.body).toEqual(
      error('INVALID_ARGUMENT', 'Document doc-1 does not exist in organization org-1.'),
    );
    for (const table of ['organizations', 'documents', 'notifications', 'notification_users']) {
      expect(await countOf(fx, table), table).toBe(0);
    }
  });

  it('refuses invalid fields whole, naming the field', async () => {
    const fx = await setUp(['u-1']);
    const cases: [Record<string, unknown>, string][] = [
      [
        { notificationId: 'has space' },
        'data.notificationId must contain only letters, digits, _ and -',
      ],
      [
        { notificationId: 'dot.ted' },
        'data.notificationId must contain only letters, digits, _ and -',
      ],
      [
        { notifyAll: false },
        'data.notifyUsers must name at least one user when notifyAll is false',
      ],
      [
        { displayHeadlineMessageTemplateData: { custom: 3 } },
        'data.displayHeadlineMessageTemplateData.custom must be a string (custom template variable)',
      ],
      [
        { displayHeadlineMessageTemplateData: { actionUser: 'Ann' } },
        'data.displayHeadlineMessageTemplateData.actionUser must be a user object with a userId',
      ],
      [
        { displayHeadlineMessageTemplateData: { recipientUser: { name: 'no id' } } },
        'data.displayHeadlineMessageTemplateData.recipientUser must be a string or a user object',
      ],
      [
        { displayHeadlineMessageTemplate: '  ' },
        'data.displayHeadlineMessageTemplate must not be empty',
      ],
      [{ notificationSourceData: 'text' }, 'data.notificationSourceData'],
      [{ actionUser: { name: 'no id' } }, 'data.actionUser.userId'],
    ];
    for (const [extra, message] of cases) {
      const res = await fx.send(addNotifications, notificationBody(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error?.message).toContain(message);
    }
    const missing = await fx.send(addNotifications, {
      organizationId: 'org-1',
      documentId: 'doc-1',
    });
    expect(missing.status).toBe(400);
    expect(await countOf(fx, 'notifications')).toBe(0);
  });
});
