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
    'judgments',
  ]) {
    expect(step(name)?.items, name).toBeGreaterThan(0);
    expect(second.steps.find((s) => s.step === name)).toMatchObject({ accepted: 0 });
  }
  expect(await counts()).toEqual(after);
});
