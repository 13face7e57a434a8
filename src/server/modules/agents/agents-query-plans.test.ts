import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { type ExecutionFilters, type ExecutionsQuery, executionsPageStatement } from './store';

const EXECUTIONS = 60_000;
const START = 1_700_000_000_000;
let svc: TestService;
let apiKeyId: string;

beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  // Straight into the table: 40 agents, 100 organizations of 10 documents (a fifth of the
  // executions in none), statuses as a review agent's history has them: running ones rare.
  await svc.database.db.execute(sql`
    insert into agent_executions (api_key_id, execution_id, organization_id, document_id, agent_id,
      agent_name, agent_version, status, message, started_at, completed_at, duration_ms, trigger)
    select ${apiKeyId}, 'x-' || lpad(i::text, 6, '0'),
      case when i % 5 <> 0 then 'org-' || (i % 100) end,
      case when i % 5 <> 0 then 'doc-' || (i % 1000) end,
      'agent-' || (i % 40), 'Agent', 1,
      case when i % 97 = 0 then 'running' when i % 7 = 0 then 'failed' when i % 11 = 0 then 'error'
        when i % 13 = 0 then 'skipped' else 'passed' end,
      'm', ${START}::bigint + i * 10,
      case when i % 97 <> 0 then ${START}::bigint + i * 10 + 5 end,
      case when i % 97 <> 0 then 5 end, 'standalone'
    from generate_series(0, ${EXECUTIONS - 1}) as i`);
  await svc.database.db.execute(sql`analyze agent_executions`);
}, 180_000);
afterAll(() => svc.close());

const FILTERS = {
  agentId: 'agent-7',
  organizationId: 'org-3',
  documentId: 'doc-503',
  status: 'running',
} as const satisfies Omit<ExecutionFilters, 'apiKeyId'>;
type Name = keyof typeof FILTERS;
const NAMES = Object.keys(FILTERS) as Name[];

/** Every combination of the four filters: the sixteen shapes a list may take. */
const shapes: Name[][] = Array.from({ length: 16 }, (_, mask) =>
  NAMES.filter((_, bit) => (mask & (1 << bit)) !== 0),
);

/** The index each shape that has one of its own must read. */
const OWN_INDEX: Record<string, string> = {
  '': 'agent_executions_time_idx',
  agentId: 'agent_executions_agent_idx',
  organizationId: 'agent_executions_organization_idx',
  documentId: 'agent_executions_document_idx',
  status: 'agent_executions_status_idx',
  'agentId,status': 'agent_executions_agent_status_idx',
  'agentId,organizationId': 'agent_executions_organization_agent_idx',
  'organizationId,status': 'agent_executions_organization_status_idx',
  'organizationId,documentId': 'agent_executions_organization_document_idx',
};

const deep = { startedAt: START + 45_000 * 10, id: 'x-045000' };

describe(`List Agent Executions over ${EXECUTIONS.toLocaleString('en')} executions`, () => {
  it.each(shapes.map((names) => [names.join(',') || 'no filter', names] as const))(
    'reads %s through an index, first and deep pages, both directions',
    async (_label, names) => {
      const filters = Object.fromEntries(names.map((n) => [n, FILTERS[n]]));
      const own = OWN_INDEX[names.join(',')];
      for (const order of ['desc', 'asc'] as const) {
        for (const after of [undefined, deep]) {
          const q: ExecutionsQuery = { apiKeyId, ...filters, order, after, limit: 50 };
          const indexes = await expectIndexedPlan(
            svc.database.db,
            executionsPageStatement(svc.database.db, q),
          );
          if (own) expect(indexes).toContain(own);
          else expect(indexes.some((i) => i.startsWith('agent_executions_'))).toBe(true);
        }
      }
    },
  );

  it('reads the largest page through the index too', async () => {
    const q: ExecutionsQuery = { apiKeyId, order: 'desc', after: deep, limit: 500 };
    expect(
      await expectIndexedPlan(svc.database.db, executionsPageStatement(svc.database.db, q)),
    ).toContain('agent_executions_time_idx');
  });
});
