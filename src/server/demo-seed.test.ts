import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoWorkspace } from '#scripts/seed/demo-data';
import { seed } from '#scripts/seed/run-seed';
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

/** Seeding writes a few thousand rows through HTTP, twice in the first test. */
const SEEDING = { timeout: 90_000 };

/** The seed's options for a workspace of its own, remembered in a file of its own. */
function seedOptions(email: string, scale: number) {
  return {
    baseUrl: svc.url,
    email,
    scale,
    credentials: {},
    credentialsFile: join(dir, `${email}.json`),
    concurrency: 4,
    log: (): void => {},
  };
}

it('creates a demo workspace through the API, and a second run adds nothing', SEEDING, async () => {
  const lines: string[] = [];
  const options = {
    ...seedOptions('seed-demo@example.com', 0.1),
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
  // The report counts what the plan holds (3 organizations, 2,000 documents … at scale 1).
  const [plan] = demoWorkspace(options.scale);
  expect(step('documents')).toMatchObject({ items: 200, accepted: 200, existing: 0 });
  expect(step('documents')?.items).toBe(plan?.documents.length);
  expect(step('users')?.items).toBe(plan?.users.length);
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
  // Some still running, until a minute after the first run (every status at scale 1:
  // scripts/seed/agent-executions.test.ts).
  const [running] = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from agent_executions where status = 'running'`,
  );
  expect(first.running?.count).toBe(running?.n);
  expect(second.running?.count).toBe(running?.n);
});

function runningOf(email: string) {
  const keys = sql`(select k.id from api_keys k join workspaces w on w.id = k.workspace_id
    where w.owner_email = ${email})`;
  return async () => {
    const [row] = await rows<{ n: number }>(
      svc.database.db,
      sql`select count(*)::int as n from agent_executions
        where status = 'running' and api_key_id in ${keys}`,
    );
    return row?.n ?? 0;
  };
}

it(
  'finishes the running agent executions it recorded a minute after its first run',
  SEEDING,
  async () => {
    const slept: number[] = [];
    const options = {
      ...seedOptions('seed-complete@example.com', 0.05),
      // The minute passes at once; the records say when it ends.
      sleep: (ms: number) => {
        slept.push(ms);
        return Promise.resolve();
      },
    };
    const running = runningOf(options.email);
    const first = await seed(options);
    expect(first.running?.count).toBeGreaterThan(0);
    expect(await running()).toBe(first.running?.count);
    const done = await first.running?.complete();
    expect(done).toMatchObject({ accepted: first.running?.count, existing: 0 });
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(0);
    expect(slept[0]).toBeLessThanOrEqual(60_000);
    expect(await running()).toBe(0);
    const [latest] = await rows<{ completed: number }>(
      svc.database.db,
      sql`select max(completed_at)::float8 as completed from agent_executions`,
    );
    expect(latest?.completed).toBe(first.running?.due);

    // A later run finds them finished: nothing to wait for, nothing added.
    const again = await seed(options);
    expect(again.running).toBeUndefined();
    expect(again.steps.find((s) => s.step === 'agent executions')).toMatchObject({ accepted: 0 });
    expect(slept).toHaveLength(1);
  },
);

it(
  'npm run seed keeps the credentials in DATA_DIR and reports what it wrote',
  SEEDING,
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-seed-data-'));
    const email = 'seed-cli@example.com';
    const scale = 0.02;
    try {
      const run = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/seed.ts',
          ...['--base-url', svc.url, '--email', email, '--scale', String(scale), '--leave-running'],
        ],
        { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
      );
      const file = join(dataDir, 'seed-workspaces.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toContain(`${svc.url} ${email}`);
      expect(run.stdout).toContain(`the token kept in ${file}`);
      expect(run.stdout).not.toMatch(/wst_|akt_/);
      const [plan] = demoWorkspace(scale);
      const reported = (step: string) =>
        Number(new RegExp(`'${step}'\\s*│\\s*(\\d+)`).exec(run.stdout)?.[1]);
      expect(reported('documents')).toBe(plan?.documents.length);
      expect(reported('users')).toBe(plan?.users.length);
      expect(run.stdout).toMatch(
        /\d+ agent executions left running; the next `npm run seed` finishes them/,
      );
      expect(await runningOf(email)()).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
