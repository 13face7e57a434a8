import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AUDIT_PAGE_SIZE } from '#contract/audit-log';
import {
  type AuditQuery,
  auditPageStatement,
  auditRetentionBatchStatement,
} from '../../audit/audit-store';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan, planOf } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';

const ENTRIES = 50_000;
/** The other workspace's entries: enough that the workspace column has to be read. */
const OTHER_ENTRIES = 5_000;
const START = Date.parse('2025-01-01T00:00:00.000Z');
let svc: TestService;
let workspaceId: string;

beforeAll(async () => {
  svc = await startTestService();
  workspaceId = (await createWorkspaceFixture(svc)).workspace.id;
  // Straight into the table: 20 API keys (a tenth of the entries the workspace's own), 30
  // actions, 11 people (two entries in three made through a session), one entry a minute; a
  // smaller second workspace beside it.
  const other = (await createWorkspaceFixture(svc)).workspace.id;
  for (const [ws, count] of [
    [workspaceId, ENTRIES],
    [other, OTHER_ENTRIES],
  ] as const) {
    await svc.database.db.execute(sql`
      insert into audit_entries
        (id, workspace_id, at, api_key_id, action, actor, target, changes, summary, actor_email)
      select ${ws} || '-' || lpad(i::text, 6, '0'), ${ws},
        to_timestamp((${START}::bigint + i::bigint * 60000) / 1000.0),
        case when i % 10 <> 0 then 'key-' || (i % 20) end,
        'Action ' || (i % 30), '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb,
        case when i % 3 <> 0 then 'person-' || (i % 11) || '@example.com' end
      from generate_series(0, ${count - 1}) as i`);
  }
  await svc.database.db.execute(sql`analyze audit_entries`);
}, 180_000);
afterAll(() => svc.close());

const FILTERS = {
  apiKeyId: 'key-7',
  action: 'Action 3',
  person: 'person-4@example.com',
  range: {
    since: new Date(START + 10_000 * 60_000),
    until: new Date(START + 30_000 * 60_000),
  },
} as const;
type Name = keyof typeof FILTERS;
const NAMES = Object.keys(FILTERS) as Name[];
const shapes: Name[][] = Array.from({ length: 2 ** NAMES.length }, (_, mask) =>
  NAMES.filter((_, bit) => (mask & (1 << bit)) !== 0),
);

/**
 * The index each shape reads: the time range rides on any of them; a person's entries are read
 * along theirs, unless an API key or an action narrows more (a person here made 3,000 entries, a
 * key 2,500, an action 1,667) and its index is read with the person as a filter.
 */
function ownIndex(names: Name[]): string {
  const key = names.includes('apiKeyId');
  const action = names.includes('action');
  if (key && action) return 'audit_entries_key_action_idx';
  if (key) return 'audit_entries_key_idx';
  if (action) return 'audit_entries_action_idx';
  if (names.includes('person')) return 'audit_entries_person_idx';
  return 'audit_entries_time_idx';
}

const deepAt = new Date(START + 25_000 * 60_000).toISOString();

describe(`Get Audit Log over ${ENTRIES.toLocaleString('en')} entries of a workspace`, () => {
  it.each(shapes.map((names) => [names.join(',') || 'no filter', names] as const))(
    'reads %s through its index, first and deep pages',
    async (_label, names) => {
      for (const after of [undefined, { at: deepAt, id: `${workspaceId}-025000` }]) {
        const q: AuditQuery = {
          workspaceId,
          ...(names.includes('apiKeyId') ? { apiKeyId: FILTERS.apiKeyId } : {}),
          ...(names.includes('action') ? { action: FILTERS.action } : {}),
          ...(names.includes('person') ? { person: FILTERS.person } : {}),
          ...(names.includes('range') ? FILTERS.range : {}),
          after,
          limit: MAX_AUDIT_PAGE_SIZE,
        };
        const indexes = await expectIndexedPlan(
          svc.database.db,
          auditPageStatement(svc.database.db, q).getSQL(),
        );
        expect(indexes).toContain(ownIndex(names));
      }
    },
  );
});

describe('the retention of audit entries', () => {
  it('finds a batch of old entries along each workspace’s time index, never the whole table', async () => {
    const cutoff = new Date(START + 10_000 * 60_000);
    const nodes = await planOf(svc.database.db, auditRetentionBatchStatement(cutoff, 500));
    const shown = nodes.map(
      (n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`,
    );
    const entryScans = nodes.filter(
      (n) => n['Relation Name'] === 'audit_entries' && n['Node Type'] !== 'ModifyTable',
    );
    // The workspaces drive the walk (one row each); the entries are only ever read by index.
    expect(entryScans.length, shown.join(' > ')).toBeGreaterThan(0);
    for (const scan of entryScans) expect(scan['Node Type'], shown.join(' > ')).toMatch(/Index/);
    expect(entryScans.map((n) => n['Index Name'])).toContain('audit_entries_time_idx');
    expect(
      nodes.filter((n) => /Sort/.test(n['Node Type'])),
      shown.join(' > '),
    ).toEqual([]);
  });
});
