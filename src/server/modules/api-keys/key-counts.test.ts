import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCountsStatement } from '../../rows/key-counts';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import type { AnyEndpoint } from '#contract/endpoint';
import { planOf } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { webhooksOf } from '../../testing/webhook-fixtures';
import { getApiKeyCounts } from '#contract/api-key-counts';
import { addOrganizations } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addUsers } from '#contract/users';
import { addAgentExecutions } from '#contract/agents';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

async function must(fx: WorkspaceFixture, endpoint: AnyEndpoint, data: unknown) {
  const reply = await fx.send(endpoint, data);
  if (reply.status !== 200) throw new Error(`${endpoint.path}: ${JSON.stringify(reply.body)}`);
}

const execution = (id: string, status: 'running' | 'passed') => ({
  id,
  agentId: 'agent-1',
  agentName: 'Reviewer',
  agentVersion: 1,
  status,
  message: 'm',
  startedAt: 1_700_000_000_000,
  ...(status === 'running' ? {} : { completedAt: 1_700_000_001_000 }),
  trigger: 'standalone',
});

describe('Get API Key Counts', () => {
  it('counts what the key holds, and nothing of another key', async () => {
    const fx = await createWorkspaceFixture(svc);
    const other = await createWorkspaceFixture(svc);
    for (const key of [fx, other]) {
      await must(key, addOrganizations, {
        organizations: ['o1', 'o2'].map((id) => ({ organizationId: id, organizationName: id })),
      });
      await must(key, addDocuments, {
        organizationId: 'o1',
        documents: ['d1', 'd2', 'd3'].map((id) => ({ documentId: id, documentName: id })),
      });
      // u1 in both organizations counts once.
      for (const organizationId of ['o1', 'o2']) {
        await must(key, addUsers, {
          organizationId,
          users: [{ userId: 'u1', name: 'One', email: 'one@example.com' }],
        });
      }
      await must(key, addUsers, {
        organizationId: 'o1',
        users: [{ userId: 'u2', name: 'Two', email: 'two@example.com' }],
      });
      await must(key, addAgentExecutions, {
        executions: [execution('x1', 'running'), execution('x2', 'passed')],
      });
    }
    const wh = webhooksOf(fx);
    await wh.enable();
    await wh.createEndpoint({ url: 'https://hooks.example.com/a' });

    const answer = await fx.send(getApiKeyCounts, {});
    expect(answer.body.result).toEqual({
      status: 'success',
      message: 'API key counts retrieved successfully.',
      data: { organizations: 2, documents: 3, users: 2, webhookEndpoints: 1, runningExecutions: 1 },
    });
  });

  it('counts through the indexes that start with the key', async () => {
    // Another key holds the table's rows: the key's own are a range of its index.
    const fx = await createWorkspaceFixture(svc);
    const mine = await createWorkspaceFixture(svc);
    const db = svc.database.db;
    await db.execute(sql`
      insert into organizations (api_key_id, organization_id, organization_name, created_at,
        updated_at)
      select ${fx.apiKey}, 'o-' || n, 'O', now(), now() from generate_series(0, 99) n`);
    await db.execute(sql`
      insert into documents (api_key_id, organization_id, document_id, document_name,
        access_type, created_at, updated_at)
      select ${fx.apiKey}, 'o-' || (n % 100), 'd-' || n, 'D', 'public', now(), now()
      from generate_series(1, 60000) n`);
    await db.execute(sql`analyze documents`);
    const nodes = await planOf(db, keyCountsStatement(mine.apiKey));
    const scans = nodes.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''}`);
    expect(scans.filter((s) => s.startsWith('Seq Scan documents'))).toEqual([]);
  });
});
