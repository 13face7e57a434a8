import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/transaction';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { heldTransaction, waitingForLock } from '../testing/held-transaction';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { addOrganizations, deleteOrganizations } from '#contract/organizations';

/** Two transactions at once need two connections: on PostgreSQL only (`.ci/run`'s second pass). */
describe.runIf(process.env.DATABASE_URL)('a write call ended by a deadlock', () => {
  let svc: TestService;
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    svc = await startTestService();
    fx = await createWorkspaceFixture(svc);
  });
  afterAll(() => svc.close());

  const lockShared = (tx: Tx, organizationId: string) =>
    tx.execute(sql`select 1 from organizations
      where api_key_id = ${fx.apiKey} and organization_id = ${organizationId} for key share`);

  const count = async (query: ReturnType<typeof sql>) =>
    (await rows<{ n: number }>(svc.database.db, query))[0]?.n ?? 0;
  const deleteEntries = () =>
    count(sql`select count(*)::int as n from audit_entries where action = 'Delete Organizations'`);

  it('runs again from its start, and answers the call done with one audit entry', async () => {
    const added = await fx.send(addOrganizations, {
      organizations: ['dl-a', 'dl-b'].map((organizationId) => ({
        organizationId,
        organizationName: 'O',
      })),
    });
    expect(added.status).toBe(200);
    const logsBefore = svc.logs.length;
    const entriesBefore = await deleteEntries();
    const other = heldTransaction(
      svc.database.db,
      (tx) => lockShared(tx, 'dl-b'),
      // The row the call locked first: each transaction now waits for the other, a cycle
      // PostgreSQL breaks by failing the one that waited longest, the call.
      (tx) => lockShared(tx, 'dl-a'),
    );
    await other.held;
    const call = fx.send(deleteOrganizations, { organizationIds: ['dl-a', 'dl-b'] });
    await waitingForLock(svc.database.db, '%from organizations%for update%');
    other.go();
    await other.done;
    const res = await call;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.data['dl-a']?.success).toBe(true);
    expect(res.body.result.data['dl-b']?.success).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from organizations
        where api_key_id = ${fx.apiKey} and organization_id in ('dl-a', 'dl-b')`),
    ).toBe(0);
    const retried = svc.logs.slice(logsBefore).filter((l) => l.includes('"sqlState":"40P01"'));
    expect(retried).toHaveLength(1);
    // The run PostgreSQL ended recorded nothing: one entry, of the run that committed.
    expect(await deleteEntries()).toBe(entriesBefore + 1);
  });
});
