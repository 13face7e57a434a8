import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { membersCountQuery, membersQuery } from './store';

const WORKSPACES = 1_000;
const MEMBERS_EACH = 50;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
  const db = svc.database.db;
  // Straight into the tables: a thousand workspaces of one owner, fifty members each.
  await db.execute(sql`
    insert into owners (email, id, created_at) values ('plans@example.com', 'usr_plans', now())`);
  await db.execute(sql`
    insert into workspaces (id, owner_email, name, owner_name, auth_token_enc, auth_token_hash)
    select 'ws_plan_' || w, 'plans@example.com', 'plan ' || w, 'plans', 'x', 'hash_' || w
    from generate_series(1, ${WORKSPACES}) as w`);
  await db.execute(sql`
    insert into members (workspace_id, email, role, invited_at, invitation_expires_at)
    select 'ws_plan_' || w, 'member.' || m || '@example.com', 'viewer', now(),
      now() + interval '7 days'
    from generate_series(1, ${WORKSPACES}) as w, generate_series(1, ${MEMBERS_EACH}) as m`);
  await db.execute(sql`analyze members`);
}, 120_000);
afterAll(() => svc.close());

it(`reads a workspace's members along the primary key among ${WORKSPACES * MEMBERS_EACH}`, async () => {
  const db = svc.database.db;
  const used = await expectIndexedPlan(db, membersQuery(db, 'ws_plan_7').getSQL());
  expect(used).toContain('members_workspace_id_email_pk');
});

it('counts a workspace’s members (the cap on invitations) through the same index', async () => {
  const db = svc.database.db;
  const used = await expectIndexedPlan(db, membersCountQuery(db, 'ws_plan_7').getSQL());
  expect(used).toContain('members_workspace_id_email_pk');
});
