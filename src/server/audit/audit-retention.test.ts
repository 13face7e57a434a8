import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createWorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService } from '../testing/test-service';
import { deleteAuditEntriesBatch, deleteOldAuditEntries } from './audit-store';
import { rowsOf } from '../db/transaction';

let svc: TestService;
const NOW = new Date('2026-06-01T00:00:00.000Z');
const DAY = 86_400_000;

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

async function addEntries(workspaceId: string, ageDays: readonly number[]): Promise<void> {
  for (const [i, age] of ageDays.entries()) {
    await svc.database.db.execute(sql`
      insert into audit_entries (id, workspace_id, at, api_key_id, action, actor, target, changes, summary)
      values (${`${workspaceId}-${age}-${i}`}, ${workspaceId}, ${new Date(NOW.getTime() - age * DAY)},
        null, 'Update API Key Config', '{}', '{}', '{}', '{}')`);
  }
}

const ages = async (workspaceId: string) =>
  (
    await rowsOf<{ at: string }>(
      svc.database.db,
      sql`select at from audit_entries where workspace_id = ${workspaceId}
        and action = 'Update API Key Config' order by at desc`,
    )
  ).map((r) => Math.round((NOW.getTime() - new Date(r.at).getTime()) / DAY));

it('keeps a year of entries by default', () => {
  expect(loadConfig({}).auditRetentionDays).toBe(365);
  expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
});

it('deletes entries older than the retention, in batches, of every workspace', async () => {
  const a = (await createWorkspaceFixture(svc)).workspace.id;
  const b = (await createWorkspaceFixture(svc)).workspace.id;
  await addEntries(a, [1, 364, 366, 400, 800]);
  await addEntries(b, [10, 500]);
  // Batches of two: the oldest of each workspace go first, younger ones are never touched.
  expect(await deleteAuditEntriesBatch(svc.database.db, NOW, 365, 2)).toBe(2);
  expect(await deleteAuditEntriesBatch(svc.database.db, NOW, 365, 2)).toBe(2);
  expect(await deleteAuditEntriesBatch(svc.database.db, NOW, 365, 2)).toBe(0);
  expect(await ages(a)).toEqual([1, 364]);
  expect(await ages(b)).toEqual([10]);
  await addEntries(b, [9000]);
  expect(await deleteOldAuditEntries(svc.database.db, NOW, 365)).toBe(1);
  expect(await ages(b)).toEqual([10]);
});
