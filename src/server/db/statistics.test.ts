import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../testing/fixtures';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { refreshStatistics } from './statistics';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const pagesOf = async (table: string) => {
  const [row] = await rows<{ pages: number }>(
    svc.database.db,
    sql`select relpages as pages from pg_class where oid = ${table}::regclass`,
  );
  return row?.pages ?? 0;
};

it('analyzes a table that has grown past its statistics, and then leaves it alone', async () => {
  const { apiKey } = await createWorkspaceFixture(svc);
  const db = svc.database.db;
  await db.execute(sql`
    insert into organizations (api_key_id, organization_id, organization_name, created_at, updated_at)
    values (${apiKey}, 'stats', 'Stats', now(), now())`);
  await db.execute(sql`
    insert into documents (api_key_id, organization_id, document_id, document_name, access_type,
      created_at, updated_at)
    select ${apiKey}, 'stats', 'd' || n, 'Document ' || n, 'public', now(), now()
    from generate_series(1, 5000) n`);
  // PostgreSQL's autovacuum may have come first; the embedded database has none.
  const analyzed = await refreshStatistics(db);
  if (svc.database.kind === 'pglite') expect(analyzed).toContain('documents');
  expect(await pagesOf('documents')).toBeGreaterThan(8);
  expect(await refreshStatistics(db, ['documents'])).toEqual([]);
});
