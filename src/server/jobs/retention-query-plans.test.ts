import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { expectIndexedPlan } from '../testing/query-plan';
import { endpointFixture } from '../testing/webhook-fixtures';
import { type TestService, startTestService } from '../testing/test-service';
import { retentionRules } from './retention-rules';
import { batchStatement } from './retention-store';

const ROWS = 50_000;
const now = new Date('2026-06-01T12:00:00Z');
const config = loadConfig({});
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
  const { fx, ep } = await endpointFixture(svc, { url: 'https://example.com/hook' });
  const db = svc.database.db;
  const at = sql`${now.toISOString()}::timestamptz`;
  // A year of history, one row every ten minutes: most delivered, some failed, a few pending.
  await db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, status, next_attempt_at,
      created_at)
    select 'msg_plan' || i, ${ep.id}, 'comment.added', '{}',
      case when i % 100 = 0 then 'pending' when i % 10 = 0 then 'failed' else 'delivered' end,
      ${at}, ${at} - make_interval(mins => 10 * i)
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at, finished_at)
    select 'job_plan' || i, 'documents.migrate', ${fx.apiKey}, '{}'::jsonb,
      case when i % 100 = 0 then 'in_progress' when i % 10 = 0 then 'failed' else 'completed' end,
      1, ${at} - make_interval(mins => 10 * i),
      case when i % 100 <> 0 then ${at} - make_interval(mins => 10 * i) end
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into rate_limit_windows (key, count, reset_at)
    select 'get-workspace:10.0.' || i, 1, ${at} - make_interval(mins => i)
    from generate_series(1, ${ROWS}) as i`);
  // Invitations of a year, one an hour: a third joined, the others pending or long expired.
  await db.execute(sql`
    insert into members (workspace_id, email, role, invited_by, invited_at,
      invitation_expires_at, joined_at)
    select ${fx.workspace.id}, 'plan.' || i || '@example.com', 'viewer', 'owner@example.com',
      ${at} - make_interval(hours => i),
      case when i % 3 <> 0 then ${at} - make_interval(hours => i) + interval '7 days' end,
      case when i % 3 = 0 then ${at} - make_interval(hours => i) end
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into sessions (id, token_hash, email, created_at, last_seen_at, expires_at, user_agent,
      address)
    select 'ses_plan' || i, 'hash' || i, 'person' || (i % 500) || '@example.com',
      ${at} - make_interval(mins => 10 * i), ${at} - make_interval(mins => 10 * i),
      ${at} - make_interval(mins => 10 * i - 7 * 24 * 60), '', ''
    from generate_series(1, ${ROWS}) as i`);
  // The e-mail service's outbox of a year, one e-mail every ten minutes, a few still pending.
  await db.execute(sql`
    insert into sent_emails (id, api_key_id, trigger, provider, to_address, from_name,
      from_address, subject, text_body, html_body, link, status, created_at)
    select 'eml_plan' || i, ${fx.apiKey}, 'comment.add', 'default', 'u' || i || '@example.com',
      'A', 'a@example.com', 'S', 'T', 'H', 'https://x',
      case when i % 100 = 0 then 'pending' when i % 10 = 0 then 'failed' else 'sent' end,
      ${at} - make_interval(mins => 10 * i)
    from generate_series(1, ${ROWS}) as i`);
  // A year of an endpoint's hourly figures, three statuses an hour.
  await db.execute(sql`
    insert into webhook_endpoint_stats (endpoint_id, hour, status, attempts, successes, latency)
    select ${ep.id}, date_trunc('hour', ${at}) - make_interval(hours => i / 3), 200 + i % 3, 1, 1,
      array[1]
    from generate_series(1, ${ROWS}) as i`);
  for (const table of [
    'webhook_endpoint_stats',
    'webhook_messages',
    'jobs',
    'rate_limit_windows',
    'members',
    'sessions',
    'sent_emails',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}, 120_000);
afterAll(() => svc.close());

const indexOf: Record<string, string> = {
  webhook_messages: 'webhook_messages_finished_idx',
  webhook_endpoint_stats: 'webhook_endpoint_stats_hour_idx',
  jobs: 'jobs_finished_idx',
  rate_limit_windows: 'rate_limit_windows_reset_idx',
  members: 'members_invitation_expiry_idx',
  sessions: 'sessions_expires_idx',
  sent_emails: 'sent_emails_finished_idx',
};

it.each(
  retentionRules.filter((rule) => !rule.removeBatch).map((rule) => [rule.name, rule] as const),
)(`removes a batch of %s through its index among ${ROWS} rows`, async (_name, rule) => {
  const cutoff = new Date(now.getTime() - rule.days(config) * 24 * 60 * 60 * 1000);
  const used = await expectIndexedPlan(svc.database.db, batchStatement(rule, cutoff, 500));
  expect(used).toContain(indexOf[rule.table]);
});
