import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { organizationPageStatement } from './store';

let svc: TestService;
let apiKeyId: string;
beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  await svc.database.db.execute(sql`
    insert into organizations (api_key_id, organization_id, organization_name, created_at, updated_at)
    select ${apiKeyId}, 'org-' || lpad(n::text, 6, '0'), 'Organization ' || n, now(), now()
    from generate_series(1, 60000) n`);
  await svc.database.db.execute(sql`analyze organizations`);
});
afterAll(() => svc.close());

it('pages organizations, first, deep and by id, through the primary key', async () => {
  const statements = [
    { apiKeyId, limit: 1001 },
    { apiKeyId, after: 'org-040000', limit: 1001 },
    { apiKeyId, organizationIds: ['org-000007', 'org-059999'], limit: 1001 },
  ].map((q) => organizationPageStatement(svc.database.db, q).getSQL());
  for (const statement of statements) {
    expect(await expectIndexedPlan(svc.database.db, statement)).toContain('organizations_pk');
  }
});
