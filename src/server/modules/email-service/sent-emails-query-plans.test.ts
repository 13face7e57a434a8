import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '#server/testing/fixtures';
import { expectIndexedPlan } from '#server/testing/query-plan';
import { type TestService, startTestService } from '#server/testing/test-service';
import { sentEmailPageStatement } from './store';

const ROWS = 20_000;

let svc: TestService;
let apiKeyId: string;
beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  // Another key's mail too, so that the index's first column has to narrow.
  const other = (await createWorkspaceFixture(svc)).apiKey;
  await svc.database.db.execute(sql`
    insert into sent_emails (id, api_key_id, trigger, provider, to_address, from_name,
      from_address, subject, text_body, html_body, link, status, created_at)
    select 'eml_' || lpad(n::text, 6, '0'), case when n % 2 = 0 then ${apiKeyId} else ${other} end,
      'comment.add', 'default', 'u' || n || '@example.com', 'A', 'a@example.com', 'S', 'T', 'H',
      'https://x', 'sent', timestamptz '2026-01-01' + n * interval '1 second'
    from generate_series(1, ${ROWS}) n`);
  await svc.database.db.execute(sql`analyze sent_emails`);
});
afterAll(() => svc.close());

it('pages sent e-mails, first and deep, through the time index', async () => {
  const deep = { at: '2026-01-01T01:00:00.000Z', id: 'eml_003600' };
  for (const q of [
    { apiKeyId, limit: 50 },
    { apiKeyId, after: deep, limit: 50 },
    { apiKeyId, limit: 100 },
  ]) {
    const statement = sentEmailPageStatement(svc.database.db, q).getSQL();
    expect(await expectIndexedPlan(svc.database.db, statement)).toContain(
      'sent_emails_created_idx',
    );
  }
});
