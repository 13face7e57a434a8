import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentExecutions, type AgentExecution, listAgentExecutions } from '#contract/agents';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { START, finished, running } from '../../testing/agent-fixtures';
import { resultOf } from '../../testing/replies';

let svc: TestService;
let fx: WorkspaceFixture;
let agents: WorkspaceFixture;

const STATUSES = ['passed', 'failed', 'error', 'skipped'] as const;

/**
 * 48 executions: two agents, organizations o1/o2 (documents d1/d2 in each) and none, every status;
 * starts spread over time with pairs that share a start, so that ties are broken by id.
 */
const executions = Array.from({ length: 48 }, (_, i) => {
  const place =
    i % 3 === 0 ? {} : { organizationId: `o${i % 3}`, documentId: `d${i % 4 < 2 ? 1 : 2}` };
  const extra = {
    agentId: `agent-${i % 2}`,
    startedAt: START + Math.floor(i / 2) * 1000,
    ...place,
  };
  const id = `x-${String(i).padStart(2, '0')}`;
  return i % 5 === 0 ? running(id, extra) : finished(id, STATUSES[i % 4] ?? 'passed', extra);
});

beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  agents = fx;
  const res = resultOf(await agents.send(addAgentExecutions, { executions: executions }));
  expect(Object.values(res.data).every((r) => r.success)).toBe(true);
});
afterAll(() => svc.close());

/** Every page of a list, following nextCursor. */
async function allPages(data: Record<string, unknown>): Promise<AgentExecution[]> {
  const out: AgentExecution[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = resultOf(
      await agents.send(listAgentExecutions, { ...data, ...(cursor ? { cursor } : {}) }),
    );
    out.push(...page.items);
    expect(page.hasMore).toBe(page.nextCursor !== null);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

type Filters = Partial<Record<'agentId' | 'organizationId' | 'documentId' | 'status', string>>;

/** What a list with the filters must answer: every match by (startedAt, id), in the direction. */
function expected(filters: Filters, direction: 'asc' | 'desc'): string[] {
  const matching = executions.filter((e) =>
    Object.entries(filters).every(([k, v]) => (e as Record<string, unknown>)[k] === v),
  );
  const sorted = matching
    .map((e) => ({ id: e.id, at: e.startedAt }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
    .map((e) => e.id);
  return direction === 'asc' ? sorted : sorted.reverse();
}

describe('List Agent Executions', () => {
  it('answers the newest 50 first by default, envelope B', async () => {
    const res = await agents.send(listAgentExecutions, undefined);
    expect(Object.keys(res.body)).toEqual(['result']);
    const page = resultOf(res);
    expect(page.items.map((e) => e.id)).toEqual(expected({}, 'desc'));
    expect(page).toMatchObject({ hasMore: false, nextCursor: null });
  });

  const shapes: Filters[] = [
    {},
    { agentId: 'agent-1' },
    { organizationId: 'o1' },
    { organizationId: 'o2', documentId: 'd1' },
    { documentId: 'd2' },
    { status: 'running' },
    { agentId: 'agent-0', status: 'passed' },
    { organizationId: 'o1', status: 'failed' },
    { organizationId: 'o2', agentId: 'agent-0' },
    { organizationId: 'o1', agentId: 'agent-1', documentId: 'd1', status: 'error' },
  ];
  it.each(shapes.flatMap((f) => (['asc', 'desc'] as const).map((d) => [f, d] as const)))(
    'pages through %j %s without gaps or repeats',
    async (filters, orderDirection) => {
      const ids = (await allPages({ ...filters, orderDirection, pageSize: 3 })).map((e) => e.id);
      expect(ids).toEqual(expected(filters, orderDirection));
    },
  );

  it('answers an empty page when nothing matches', async () => {
    expect(resultOf(await agents.send(listAgentExecutions, { organizationId: 'nowhere' }))).toEqual(
      {
        items: [],
        nextCursor: null,
        hasMore: false,
      },
    );
  });

  it('refuses a forged cursor and one of other filters, direction or key', async () => {
    const first = resultOf(
      await agents.send(listAgentExecutions, { agentId: 'agent-0', pageSize: 2 }),
    );
    const cursor = first.nextCursor ?? '';
    expect(cursor).toMatch(/^aec_/);
    const invalid = {
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'data.cursor is not valid for this list and filters; start again without it.',
      },
    };
    const [body, signature] = cursor.split('.');
    const forged = `aec_${Buffer.from(JSON.stringify({ startedAt: 0, id: 'x' })).toString('base64url')}.${signature ?? ''}`;
    for (const data of [
      { agentId: 'agent-0', cursor: forged },
      { agentId: 'agent-0', cursor: `${body ?? ''}.AAAA` },
      { agentId: 'agent-0', cursor: 'not-a-cursor' },
      { agentId: 'agent-1', cursor },
      { cursor },
      { agentId: 'agent-0', status: 'passed', cursor },
      { agentId: 'agent-0', orderDirection: 'asc', cursor },
    ]) {
      const res = await agents.send(listAgentExecutions, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body).toEqual(invalid);
    }
    const other = await createWorkspaceFixture(svc);
    expect((await other.send(listAgentExecutions, { agentId: 'agent-0', cursor })).body).toEqual(
      invalid,
    );
    // The page size is not bound: a caller may change it between pages.
    const next = resultOf(
      await agents.send(listAgentExecutions, { agentId: 'agent-0', pageSize: 5, cursor }),
    );
    expect(next.items.map((e) => e.id)).toEqual(
      expected({ agentId: 'agent-0' }, 'desc').slice(2, 7),
    );
  });

  it.each([
    [{ pageSize: 0 }, 'data.pageSize'],
    [{ pageSize: 501 }, 'data.pageSize'],
    [{ orderDirection: 'up' }, 'data.orderDirection'],
    [{ status: 'done' }, 'data.status'],
    [{ cursor: '' }, 'data.cursor'],
  ])('refuses %j', async (data, field) => {
    const res = await agents.send(listAgentExecutions, data);
    expect(res.status).toBe(400);
    expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error?.message).toContain(field);
  });
});
