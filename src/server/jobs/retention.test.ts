import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uniqueEmail } from '../testing/fixtures';
import { activeMember, invite, membersOf } from '../testing/member-fixtures';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { endpointFixture } from '../testing/webhook-fixtures';
import { RETENTION_JOB } from './retention-job';
import {
  listWebhookServiceDeliveries,
  updateWebhookServiceConfig,
} from '#contract/webhook-service';
import { dataOf } from '../testing/replies';

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-06-01T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
let svc: TestService;
let fixture: Awaited<ReturnType<typeof endpointFixture>>;

beforeAll(async () => {
  svc = await startTestService({
    clock: () => now,
    env: {
      RETENTION_EVERY_MINUTES: '60',
      // Small batches, so that a run goes through several of them.
      RETENTION_BATCH_SIZE: '2',
      JOB_RETENTION_DAYS: '30',
    },
    jobRunner: { background: false },
    webhookWorker: { background: false },
  });
  fixture = await endpointFixture(svc, { url: 'https://example.com/hook' });
}, 60_000);
afterAll(() => svc.close());

const db = () => svc.database.db;

async function addMessage(
  id: string,
  status: string,
  ageDays: number,
  endpointId = fixture.ep.id,
): Promise<void> {
  await db().execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, status, next_attempt_at,
      created_at)
    values (${id}, ${endpointId}, 'comment.added', '{}', ${status}, ${ago(ageDays)}::timestamptz,
      ${ago(ageDays)}::timestamptz)`);
  await db().execute(sql`
    insert into webhook_attempts (message_id, attempted_at, response_status, duration_ms)
    values (${id}, ${ago(ageDays)}::timestamptz, 500, 10)`);
}

async function addJob(id: string, status: string, finishedDaysAgo: number | null): Promise<void> {
  const finished = finishedDaysAgo === null ? null : ago(finishedDaysAgo);
  await db().execute(sql`
    insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at, finished_at)
    values (${id}, 'documents.migrate', ${fixture.fx.apiKey}, '{}'::jsonb, ${status}, 1,
      ${ago(400)}::timestamptz, ${finished}::timestamptz)`);
  // A running task is held by a runner of another process, under a lease that has not ended.
  const running = status === 'in_progress';
  await db().execute(sql`
    insert into job_tasks (job_id, seq, input, status, next_attempt_at, claimed_by, lease_until)
    values (${id}, 0, '{}'::jsonb, ${status}, ${ago(400)}::timestamptz,
      ${running ? 'run_elsewhere' : null}, ${running ? ago(-1) : null}::timestamptz)`);
}

async function addEmail(id: string, status: string, ageDays: number): Promise<void> {
  await db().execute(sql`
    insert into sent_emails (id, api_key_id, trigger, provider, to_address, from_name,
      from_address, subject, text_body, html_body, link, status, created_at)
    values (${id}, ${fixture.fx.apiKey}, 'comment.add', 'default', 'a@example.com', 'A',
      'a@example.com', 'S', 'T', 'H', 'https://x', ${status}, ${ago(ageDays)}::timestamptz)`);
}

async function addAuditEntry(id: string, ageDays: number): Promise<void> {
  await db().execute(sql`
    insert into audit_entries (id, workspace_id, at, action, actor, target, changes, summary)
    values (${id}, ${fixture.fx.workspace.id}, ${ago(ageDays)}::timestamptz,
      'Update API Key Config', '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb)`);
}

/** A session that ends (or, revoked, ended) `endsInDays` from now: negative is in the past. */
async function addSession(id: string, endsInDays: number, revoked = false): Promise<void> {
  await db().execute(sql`
    insert into sessions (id, token_hash, email, created_at, last_seen_at, expires_at, revoked_at,
      user_agent, address)
    values (${id}, ${`hash-${id}`}, 'retention@example.com', ${ago(8)}::timestamptz,
      ${ago(1)}::timestamptz, ${ago(-endsInDays)}::timestamptz,
      ${revoked ? ago(-endsInDays) : null}::timestamptz, '', '')`);
}

const ids = async (
  table:
    | 'webhook_messages'
    | 'webhook_endpoints'
    | 'jobs'
    | 'audit_entries'
    | 'sessions'
    | 'sent_emails',
  where = sql`true`,
) =>
  (
    await rows<{ id: string }>(
      db(),
      sql`select id from ${sql.raw(table)} where ${where} order by id`,
    )
  ).map((r) => r.id);

it('removes old delivered and failed messages with their attempts (never pending ones), old sent e-mails, old finished jobs, old audit entries and ended sessions', async () => {
  await addMessage('msg_old_delivered_1', 'delivered', 91);
  await addMessage('msg_old_delivered_2', 'delivered', 200);
  await addMessage('msg_old_failed', 'failed', 120);
  await addMessage('msg_old_pending', 'pending', 300);
  await addMessage('msg_recent_delivered', 'delivered', 89);
  // Deliveries of the basic webhook service are webhook messages too, and go the same way.
  dataOf(
    await fixture.fx.send(updateWebhookServiceConfig, {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: 'https://example.com/basic' },
    }),
  );
  const [basicTarget] = await ids('webhook_endpoints', sql`kind = 'basic_raw'`);
  await addMessage('msg_basic_old', 'delivered', 91, basicTarget);
  await addMessage('msg_basic_recent', 'failed', 10, basicTarget);
  await addJob('job_old_completed', 'completed', 31);
  await addJob('job_old_failed', 'failed', 45);
  await addJob('job_recent_completed', 'completed', 29);
  await addJob('job_old_running', 'in_progress', null);
  await addEmail('eml_old_sent', 'sent', 91);
  await addEmail('eml_old_failed', 'failed', 120);
  await addEmail('eml_old_pending', 'pending', 300);
  await addEmail('eml_recent_sent', 'sent', 89);
  await addAuditEntry('test-audit-old', 366);
  await addAuditEntry('test-audit-older', 900);
  await addAuditEntry('test-audit-recent', 364);
  await addSession('ses_ended_2_days_ago', -2);
  await addSession('ses_revoked_2_days_ago', -2, true);
  await addSession('ses_ended_an_hour_ago', -1 / 24);
  await addSession('ses_live', 6);

  expect(await svc.app.jobRunner.runOnce()).toBe(1);

  // Sent and failed e-mails of more than EMAIL_RETENTION_DAYS (90); a pending one is still owed.
  expect(await ids('sent_emails')).toEqual(['eml_old_pending', 'eml_recent_sent']);

  // Sessions a day past their end (an ended one's end is when it ended).
  expect(await ids('sessions')).toEqual(['ses_ended_an_hour_ago', 'ses_live']);

  // The audit log keeps a year (AUDIT_RETENTION_DAYS), along each workspace's time index.
  expect(await ids('audit_entries', sql`id like 'test-audit-%'`)).toEqual(['test-audit-recent']);

  const listed = await fixture.wh.messages(fixture.ep.id);
  expect(listed.messages.map((m) => m.id).sort()).toEqual([
    'msg_old_pending',
    'msg_recent_delivered',
  ]);
  const attempts = await rows<{ messageId: string }>(
    db(),
    sql`select message_id as "messageId" from webhook_attempts order by message_id`,
  );
  expect(attempts.map((a) => a.messageId)).toEqual([
    'msg_basic_recent',
    'msg_old_pending',
    'msg_recent_delivered',
  ]);
  const basicLog = dataOf(await fixture.fx.send(listWebhookServiceDeliveries, {}));
  expect(basicLog.messages.map((m) => m.id)).toEqual(['msg_basic_recent']);
  expect(await ids('jobs', sql`kind = 'documents.migrate'`)).toEqual([
    'job_old_running',
    'job_recent_completed',
  ]);
  const tasks = await rows<{ jobId: string }>(
    db(),
    sql`select job_id as "jobId" from job_tasks t join jobs j on j.id = t.job_id
      where j.kind = 'documents.migrate' order by job_id`,
  );
  expect(tasks.map((t) => t.jobId)).toEqual(['job_old_running', 'job_recent_completed']);
});

it('runs again an interval after its last run ended, once, and keeps one run pending', async () => {
  const runs = () =>
    rows<{ status: string; due: Date | string }>(
      db(),
      sql`select j.status, t.next_attempt_at as due from jobs j join job_tasks t on t.job_id = j.id
        where j.kind = ${RETENTION_JOB} order by t.next_attempt_at`,
    );
  const before = await runs();
  expect(before.map((r) => r.status)).toEqual(['completed', 'pending']);
  expect(new Date(before[1]?.due ?? 0).getTime()).toBe(now.getTime() + 60 * 60_000);

  await addMessage('msg_ages_meanwhile', 'delivered', 90 - 1 / 48);
  now = new Date(now.getTime() + 59 * 60_000);
  expect(await svc.app.jobRunner.runOnce(), 'not due before the interval').toBe(0);
  now = new Date(now.getTime() + 2 * 60_000);
  expect(await svc.app.jobRunner.runOnce()).toBe(1);
  expect((await runs()).map((r) => r.status)).toEqual(['completed', 'completed', 'pending']);
  expect(await ids('webhook_messages', sql`id = 'msg_ages_meanwhile'`)).toEqual([]);
});

it('keeps one live run however many times the service starts', async () => {
  const again = await startTestService({
    database: svc.database,
    clock: () => now,
    env: { RETENTION_EVERY_MINUTES: '60' },
    jobRunner: { background: false },
    webhookWorker: { background: false },
  });
  await again.close();
  const [live] = await rows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from jobs
      where kind = ${RETENTION_JOB} and status in ('pending', 'in_progress')`,
  );
  expect(live?.n).toBe(1);
});

it('removes invitations 30 days past their expiry, never members who joined', async () => {
  const { fx } = fixture;
  const [old, joined, recent] = ['old', 'joined', 'recent'].map((name) => uniqueEmail(name));
  await invite(fx, old ?? '');
  await activeMember(svc, fx, joined ?? '', 'admin');
  now = new Date(now.getTime() + 20 * DAY);
  await invite(fx, recent ?? '');
  // The first invitation expired 30 days and an hour ago, the second 10 days ago.
  now = new Date(now.getTime() + 17 * DAY + 60 * 60_000);
  expect(await svc.app.jobRunner.runOnce()).toBeGreaterThan(0);
  const members = await membersOf(fx);
  expect(members.map((m) => [m.email, m.status])).toEqual([
    [fx.workspace.owner.email, 'active'],
    [joined, 'active'],
    [recent, 'expired'],
  ]);
});
