import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seed } from '../../scripts/seed/run-seed';
import { rows } from './testing/rows';
import { type TestService, startTestService } from './testing/test-service';

let svc: TestService;
const dir = mkdtempSync(join(tmpdir(), 'svc-seed-'));
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const TABLES = [
  'organizations',
  'folders',
  'documents',
  'organization_users',
  'document_users',
  'user_groups',
  'user_group_members',
  'comment_annotations',
  'comments',
  'reactions',
  'recordings',
  'activities',
  'judgments',
  'notifications',
  'notification_users',
  'agent_executions',
] as const;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number }>(
      svc.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    out[table] = row?.n ?? 0;
  }
  return out;
}

it('creates a demo workspace through the API, and a second run adds nothing', async () => {
  const lines: string[] = [];
  const options = {
    baseUrl: svc.url,
    email: 'seed-demo@example.com',
    scale: 0.3,
    credentials: {},
    credentialsFile: join(dir, 'seed-workspaces.json'),
    concurrency: 4,
    log: (line: string) => lines.push(line),
  };
  const first = await seed(options);
  expect(first.createdWorkspace).toBe(true);
  expect(first.email).toBe('seed-demo@example.com');
  // The tokens of the workspace are kept for the owner's eyes only, and never printed.
  expect(statSync(options.credentialsFile).mode & 0o777).toBe(0o600);
  expect(lines.join('\n')).not.toMatch(/wst_|akt_/);

  const after = await counts();
  for (const table of TABLES) expect(after[table], table).toBeGreaterThan(0);
  const [deepest] = await rows<{ depth: number }>(
    svc.database.db,
    sql`select max(depth)::int as depth from folders`,
  );
  expect(deepest?.depth).toBe(5);
  const step = (name: string) => first.steps.find((s) => s.step === name);
  expect(step('documents')).toMatchObject({ items: 200, accepted: 200, existing: 0 });
  expect(step('folders')?.accepted).toBe(30);

  const second = await seed({ ...options, log: () => {} });
  expect(second.createdWorkspace).toBe(false);
  expect(second.workspaceId).toBe(first.workspaceId);
  for (const name of [
    'organizations',
    'folders',
    'documents',
    'user groups',
    'comment threads',
    'reactions',
    'recordings',
    'activities',
    'notifications',
    'agent executions',
    'judgments',
  ]) {
    expect(step(name)?.items, name).toBeGreaterThan(0);
    expect(second.steps.find((s) => s.step === name)).toMatchObject({ accepted: 0 });
  }
  expect(await counts()).toEqual(after);
  // Every status, some of them still running until a run that completes them.
  const statuses = async () =>
    rows<{ status: string; n: number }>(
      svc.database.db,
      sql`select status, count(*)::int as n from agent_executions group by status order by status`,
    );
  expect((await statuses()).map((s) => s.status)).toEqual([
    'error',
    'failed',
    'passed',
    'running',
    'skipped',
  ]);
});

it('completes the running agent executions a minute after the first seed when asked', async () => {
  const lines: string[] = [];
  const options = {
    baseUrl: svc.url,
    email: 'seed-complete@example.com',
    scale: 0.05,
    credentials: {},
    credentialsFile: join(dir, 'seed-complete.json'),
    concurrency: 4,
    log: (line: string) => lines.push(line),
  };
  await seed(options);
  expect(lines.join('\n')).toMatch(/agent executions left running/);
  const keys = sql`(select k.id from api_keys k join workspaces w on w.id = k.workspace_id
    where w.owner_email = ${options.email})`;
  const running = async () => {
    const [row] = await rows<{ n: number }>(
      svc.database.db,
      sql`select count(*)::int as n from agent_executions
        where status = 'running' and api_key_id in ${keys}`,
    );
    return row?.n ?? 0;
  };
  expect(await running()).toBeGreaterThan(0);
  // A later run plans from the first seed's time and waits out the rest of its minute; the test
  // moves that time two minutes back (every stored start and end) instead of waiting.
  await svc.database.db.execute(sql`update agent_executions
    set started_at = started_at - 120000, completed_at = completed_at - 120000
    where api_key_id in ${keys}`);
  const done = await seed({ ...options, completeRunning: true });
  expect(done.steps.find((s) => s.step === 'agent executions')).toMatchObject({ accepted: 0 });
  expect(done.steps.find((s) => s.step === 'agent executions completed')?.accepted).toBeGreaterThan(
    0,
  );
  expect(await running()).toBe(0);
});
