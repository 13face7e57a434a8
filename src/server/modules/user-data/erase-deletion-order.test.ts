import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { heldTransaction, waitingForLock } from '../../testing/held-transaction';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import type { AnyEndpoint } from '#contract/endpoint';
import { eraseUser } from './erase-job';
import { addOrganizations, deleteOrganizations } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addUsers } from '#contract/users';

type Ok = { result: { data: Record<string, { success: boolean }> } };

/** Two transactions at once need two connections: on PostgreSQL only (`.ci/run`'s second pass). */
describe.runIf(process.env.DATABASE_URL)('an erase and a Delete Organizations at once', () => {
  let svc: TestService;
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    svc = await startTestService();
    fx = await createWorkspaceFixture(svc);
  });
  afterAll(() => svc.close());

  const post = async (endpoint: AnyEndpoint, data: unknown) => {
    const res = await fx.send(endpoint, data);
    expect(res.status, `${endpoint.path}: ${JSON.stringify(res.body)}`).toBe(200);
    for (const item of Object.values((res.body as Ok).result.data)) expect(item.success).toBe(true);
  };
  const countIn = async (table: string) =>
    (
      await rows<{ n: number }>(
        svc.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}
          where api_key_id = ${fx.apiKey} and organization_id = 'er-a'`,
      )
    )[0]?.n ?? 0;

  /**
   * The order that a CI run on PostgreSQL lacked: an erase task deleted reactions, then
   * activities, while Delete Organizations went the other way, and one of them deadlocked.
   */
  it('the deletion waits at the organization’s row until the erase commits, then deletes it all', async () => {
    const user = { userId: 'u-erased', name: 'Ada Canary', email: 'ada.canary@example.com' };
    await post(addOrganizations, {
      organizations: [{ organizationId: 'er-a', organizationName: 'O' }],
    });
    await post(addDocuments, {
      organizationId: 'er-a',
      documents: [{ documentId: 'd1', documentName: 'D' }],
    });
    await post(addUsers, { organizationId: 'er-a', users: [user] });
    await post(addUsers, { organizationId: 'er-a', documentId: 'd1', users: [user] });
    const logsBefore = svc.logs.length;
    // An erase task's work, as the job runner runs it, holding its locks until `go`.
    const erase = heldTransaction(svc.database.db, (tx) =>
      eraseUser(tx, { apiKeyId: fx.apiKey, organizationId: 'er-a', userId: user.userId }),
    );
    await erase.held;
    const call = fx.send(deleteOrganizations, { organizationIds: ['er-a'] });
    // Before it has touched anything else.
    await waitingForLock(svc.database.db, '%from organizations%for update%');
    expect(await countIn('documents')).toBe(1);
    erase.go();
    await erase.done;
    const res = await call;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.data['er-a']?.success).toBe(true);
    for (const table of ['organizations', 'documents', 'organization_users', 'document_users']) {
      expect(`${table}: ${await countIn(table)}`).toBe(`${table}: 0`);
    }
    expect(svc.logs.slice(logsBefore).join('')).not.toContain('sqlState');
  });
});
