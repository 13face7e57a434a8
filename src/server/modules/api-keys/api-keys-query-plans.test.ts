import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { allowedDomainsStatement } from './domains-store';
import { apiKeyPageStatement } from './store';

const WORKSPACES = 5_000;
const KEYS_EACH = 20;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
  const db = svc.database.db;
  // Straight into the tables: five thousand workspaces with twenty keys each.
  await db.execute(sql`
    insert into owners (email, id, created_at) values ('keys@example.com', 'usr_keys', now())`);
  await db.execute(sql`
    insert into workspaces (id, owner_email, name, owner_name, auth_token_enc, auth_token_hash)
    select 'ws_keys_' || w, 'keys@example.com', 'keys ' || w, 'keys', 'x', 'hash_' || w
    from generate_series(1, ${WORKSPACES}) as w`);
  await db.execute(sql`
    insert into api_keys (id, workspace_id, name, type, auth_token_enc, auth_token_hash, created_at)
    select 'ak_' || w || '_' || k, 'ws_keys_' || w, 'Key ' || k, 'testing', 'x', 'h_' || w || '_' || k,
      now() - (k || ' minutes')::interval
    from generate_series(1, ${WORKSPACES}) as w, generate_series(1, ${KEYS_EACH}) as k`);
  await db.execute(sql`analyze api_keys`);
}, 120_000);
afterAll(() => svc.close());

it(`pages a workspace's keys, first, later and by id, through its index among ${WORKSPACES * KEYS_EACH}`, async () => {
  const db = svc.database.db;
  const queries = [
    { workspaceId: 'ws_keys_7', ids: undefined, after: undefined, limit: 101 },
    {
      workspaceId: 'ws_keys_7',
      ids: undefined,
      after: ['2026-01-01 00:00:00.123456+00', 'ak_7_3'] as const,
      limit: 2,
    },
    { workspaceId: 'ws_keys_7', ids: ['ak_7_1', 'ak_7_9'], after: undefined, limit: 101 },
  ];
  for (const q of queries) {
    const used = await expectIndexedPlan(db, apiKeyPageStatement(db, q).getSQL());
    expect(used.join(' ')).toMatch(/api_keys_workspace_created_idx|api_keys_pkey/);
  }
});

it('reads a key’s allowed domains through the primary key', async () => {
  const db = svc.database.db;
  await db.execute(sql`
    insert into allowed_domains (api_key_id, domain, created_at)
    select 'ak_' || w || '_1', 'd' || d || '.example', now()
    from generate_series(1, ${WORKSPACES}) as w, generate_series(1, 20) as d`);
  await db.execute(sql`analyze allowed_domains`);
  const used = await expectIndexedPlan(db, allowedDomainsStatement(db, 'ak_7_1').getSQL());
  expect(used).toContain('allowed_domains_api_key_id_domain_pk');
});
