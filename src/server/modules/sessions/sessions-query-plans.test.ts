import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_PERSON } from '#contract/sessions';
import { idleCutoff, sessionsListQuery } from '../../rows/session-store';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';

const PEOPLE = 2_000;
const SESSIONS_EACH = 25;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
  const db = svc.database.db;
  // Straight into the table: two thousand people, twenty-five sessions each, a minute apart.
  await db.execute(sql`
    insert into sessions (id, token_hash, email, created_at, last_seen_at, expires_at, user_agent,
      address)
    select 'ses_plan_' || p || '_' || n, 'hash_' || p || '_' || n, 'person.' || p || '@example.com',
      now() - make_interval(mins => n), now() - make_interval(mins => n),
      now() + interval '7 days', 'agent', '127.0.0.1'
    from generate_series(1, ${PEOPLE}) as p, generate_series(1, ${SESSIONS_EACH}) as n`);
  await db.execute(sql`analyze sessions`);
}, 120_000);
afterAll(() => svc.close());

it(`lists a person's sessions (Get Sessions) along their index among ${PEOPLE * SESSIONS_EACH}`, async () => {
  const now = new Date();
  const query = sessionsListQuery(
    'person.7@example.com',
    now,
    idleCutoff(now, 12),
    MAX_SESSIONS_PER_PERSON,
  );
  const used = await expectIndexedPlan(svc.database.db, query);
  expect(used).toContain('sessions_email_seen_idx');
});
