import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { insertOrganizationRows, userNamed } from '../../testing/user-fixtures';
import { dataOf } from '../../testing/replies';
import { addUsers } from '#contract/users';

const ORG = 'org1';
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

/** A fresh key with organization org1 holding document d1 and folder f1. */
async function setUp() {
  const fx = await createWorkspaceFixture(svc);
  await insertOrganizationRows(svc.database.db, fx.apiKey, ORG, {
    documentIds: ['d1'],
    folderIds: ['f1'],
  });
  return { fx };
}

interface Stored {
  user_id: string;
  name: string;
  email: string;
  organization_level: boolean;
}

const storedUsers = (fx: WorkspaceFixture) =>
  rows<Stored>(
    svc.database.db,
    sql`select user_id, name, email, organization_level from organization_users
      where api_key_id = ${fx.apiKey} order by user_id`,
  );

const memberships = (fx: WorkspaceFixture) =>
  rows<{ kind: string; id: string; user_id: string }>(
    svc.database.db,
    sql`select 'document' as kind, document_id as id, user_id from document_users
        where api_key_id = ${fx.apiKey}
      union all
      select 'folder', folder_id, user_id from folder_users where api_key_id = ${fx.apiKey}
      order by kind, id, user_id`,
  );

const added = (...ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, { success: true, id, message: 'User added.' }]));

describe('Add Users', () => {
  it('adds organization-level users, answering one line per user', async () => {
    const { fx } = await setUp();
    const res = await fx.send(addUsers, {
      organizationId: ORG,
      users: [userNamed('u1'), userNamed('u2')],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: { status: 'success', message: 'Users processed.', data: added('u1', 'u2') },
    });
    expect(await storedUsers(fx)).toEqual([
      { user_id: 'u1', name: 'Name u1', email: 'u1@example.com', organization_level: true },
      { user_id: 'u2', name: 'Name u2', email: 'u2@example.com', organization_level: true },
    ]);
    expect(await memberships(fx)).toEqual([]);
  });

  it('adds document and folder users, who are not organization-level', async () => {
    const { fx } = await setUp();
    expect(
      dataOf(
        await fx.send(addUsers, {
          organizationId: ORG,
          documentId: 'd1',
          users: [userNamed('u1')],
        }),
      ),
    ).toEqual(added('u1'));
    expect(
      dataOf(
        await fx.send(addUsers, { organizationId: ORG, folderId: 'f1', users: [userNamed('u2')] }),
      ),
    ).toEqual(added('u2'));
    expect((await storedUsers(fx)).map((u) => [u.user_id, u.organization_level])).toEqual([
      ['u1', false],
      ['u2', false],
    ]);
    expect(await memberships(fx)).toEqual([
      { kind: 'document', id: 'd1', user_id: 'u1' },
      { kind: 'folder', id: 'f1', user_id: 'u2' },
    ]);
  });

  it('adds a user again: the new name and e-mail, the new membership, organization-level only ever turning on', async () => {
    const { fx } = await setUp();
    dataOf(
      await fx.send(addUsers, { organizationId: ORG, documentId: 'd1', users: [userNamed('u1')] }),
    );
    const renamed = { userId: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' };
    expect(dataOf(await fx.send(addUsers, { organizationId: ORG, users: [renamed] }))).toEqual(
      added('u1'),
    );
    expect(await storedUsers(fx)).toEqual([
      { user_id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', organization_level: true },
    ]);
    // Added to a folder (and to the document once more) afterwards: still organization-level.
    dataOf(
      await fx.send(addUsers, { organizationId: ORG, folderId: 'f1', users: [userNamed('u1')] }),
    );
    expect(
      dataOf(
        await fx.send(addUsers, {
          organizationId: ORG,
          documentId: 'd1',
          users: [userNamed('u1')],
        }),
      ),
    ).toEqual(added('u1'));
    expect(await storedUsers(fx)).toEqual([
      { user_id: 'u1', name: 'Name u1', email: 'u1@example.com', organization_level: true },
    ]);
    expect(await memberships(fx)).toEqual([
      { kind: 'document', id: 'd1', user_id: 'u1' },
      { kind: 'folder', id: 'f1', user_id: 'u1' },
    ]);
  });

  it.each([
    [{ organizationId: 'nope' }, 'Organization nope does not exist.'],
    [{ organizationId: ORG, documentId: 'd9' }, 'Document d9 does not exist in organization org1.'],
    [{ organizationId: ORG, folderId: 'f9' }, 'Folder f9 does not exist in organization org1.'],
  ])('%j answers INVALID_ARGUMENT and writes nothing', async (target, message) => {
    const { fx } = await setUp();
    const res = await fx.send(addUsers, { ...target, users: [userNamed('u1')] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
    expect(await storedUsers(fx)).toEqual([]);
  });

  it.each([
    [
      { documentId: 'd1', folderId: 'f1', users: [userNamed('u1')] },
      'data.folderId cannot be combined with documentId; add the users to a document or to a folder',
    ],
    [{ users: [] }, 'data.users must not be empty'],
    [{ users: [userNamed('u1'), userNamed('u1')] }, 'data.users[1] repeats the id u1'],
    [
      { users: [userNamed('u1'), { ...userNamed('u2'), email: 'not-mail' }] },
      'data.users[1].email must be a valid e-mail address',
    ],
    [{ users: [{ userId: 'u1', email: 'u1@example.com' }] }, 'data.users[0].name is required'],
    [{ users: [{ ...userNamed('u1'), name: '   ' }] }, 'data.users[0].name must not be empty'],
    [
      { users: [{ ...userNamed('x'), userId: 'x'.repeat(129) }] },
      'data.users[0].userId must be at most 128 characters',
    ],
  ])('%j answers INVALID_ARGUMENT and writes nothing', async (body, message) => {
    const { fx } = await setUp();
    const res = await fx.send(addUsers, { organizationId: ORG, ...body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
    expect(await storedUsers(fx)).toEqual([]);
  });

  it('takes concurrent calls that write the same users in opposite orders', async () => {
    const { fx } = await setUp();
    const ids = Array.from({ length: 300 }, (_, i) => `c${String(i).padStart(3, '0')}`);
    for (let round = 0; round < 4; round += 1) {
      const calls = [ids, [...ids].reverse(), ids, [...ids].reverse()].map((order, i) =>
        fx.send(addUsers, {
          organizationId: ORG,
          ...(i % 2 === 0 ? { documentId: 'd1' } : {}),
          users: order.map(userNamed),
        }),
      );
      const statuses = (await Promise.all(calls)).map((r) => r.status);
      expect(statuses).toEqual([200, 200, 200, 200]);
    }
    expect(await storedUsers(fx)).toHaveLength(300);
    expect(await memberships(fx)).toHaveLength(300);
  });

  it('writes only into organizations of its own API key', async () => {
    const { fx } = await setUp();
    const other = await createWorkspaceFixture(svc);
    const res = await other.send(addUsers, { organizationId: ORG, users: [userNamed('u1')] });
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Organization org1 does not exist.' },
    });
    expect(await storedUsers(fx)).toEqual([]);
    const stored = await rows(
      svc.database.db,
      sql`select 1 from organization_users where api_key_id = ${other.apiKey}`,
    );
    expect(stored).toEqual([]);
  });
});
