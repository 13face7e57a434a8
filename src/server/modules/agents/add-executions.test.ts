import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { finished, running, START } from '../../testing/agent-fixtures';
import { resultOf } from '../../testing/replies';
import { addAgentExecutions, listAgentExecutions } from '#contract/agents';

let svc: TestService;
let fx: WorkspaceFixture;
let agents: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  agents = fx;
});
afterAll(() => svc.close());

const one = async (id: string) => {
  const page = resultOf(await agents.send(listAgentExecutions, { pageSize: 500 }));
  return page.items.find((e) => e.id === id);
};

describe('Add Agent Executions', () => {
  it('adds executions with every optional field and answers each by id', async () => {
    const full = finished('add-full', 'failed', {
      organizationId: 'org-a',
      documentId: 'doc-a',
      metadata: { branch: 'main', nested: { n: 1 } },
      llmModel: 'model-x',
      tokenUsage: { input: 1200, output: 340 },
      resultsSummary: {
        severityCounts: { high: 1, low: 2 },
        findings: [{ severity: 'high', title: 'Missing clause' }],
      },
    });
    const res = await agents.send(addAgentExecutions, {
      executions: [full, running('add-running')],
    });
    const result = resultOf(res);
    expect(result.message).toBe('Agent executions processed.');
    expect(result.data).toEqual({
      'add-full': { success: true, id: 'add-full', message: 'Agent execution added.' },
      'add-running': { success: true, id: 'add-running', message: 'Agent execution added.' },
    });
    const { completedAt, ...rest } = full;
    expect(await one('add-full')).toEqual({ ...rest, completedAt, durationMs: 1500 });
    expect(await one('add-running')).toEqual({
      ...running('add-running'),
      completedAt: null,
      durationMs: null,
    });
  });

  it('moves a running execution to its final state, then keeps it', async () => {
    await agents.send(addAgentExecutions, {
      executions: [running('move-1', { message: 'Starting' })],
    });
    const progress = resultOf(
      await agents.send(addAgentExecutions, {
        executions: [running('move-1', { message: 'Half way' })],
      }),
    );
    expect(progress.data['move-1']?.message).toBe('Agent execution updated.');
    expect((await one('move-1'))?.message).toBe('Half way');

    const error = { code: 'TIMEOUT', message: 'The model timed out', retryable: true };
    const done = finished('move-1', 'error', { error });
    expect(
      resultOf(await agents.send(addAgentExecutions, { executions: [done] })).data['move-1'],
    ).toEqual({
      success: true,
      id: 'move-1',
      message: 'Agent execution updated.',
    });
    expect(await one('move-1')).toMatchObject({ status: 'error', durationMs: 1500, error });

    // The same final record again is an idempotent success.
    expect(
      resultOf(await agents.send(addAgentExecutions, { executions: [done] })).data['move-1'],
    ).toEqual({
      success: true,
      id: 'move-1',
      message: 'Agent execution already recorded.',
    });
    // Back to running, or another outcome: refused per item, the rest of the call applies.
    const back = resultOf(
      await agents.send(addAgentExecutions, { executions: [running('move-1'), running('move-2')] }),
    ).data;
    expect(back['move-1']).toEqual({
      success: false,
      id: 'move-1',
      message: 'Agent execution move-1 has finished (error) and cannot go back to running.',
    });
    expect(back['move-2']?.success).toBe(true);
    const other = resultOf(
      await agents.send(addAgentExecutions, { executions: [finished('move-1', 'passed')] }),
    ).data;
    expect(other['move-1']).toEqual({
      success: false,
      id: 'move-1',
      message: 'Agent execution move-1 has finished (error); a finished execution does not change.',
    });
    expect(await one('move-1')).toMatchObject({ status: 'error', error });
  });

  it('answers a record equal to the stored one, running or not, without writing', async () => {
    const record = running('same-1', { metadata: { b: 1, a: [2] } });
    resultOf(await agents.send(addAgentExecutions, { executions: [record] }));
    // Key order in JSON is not part of the record.
    const again = { ...record, metadata: { a: [2], b: 1 } };
    expect(
      resultOf(await agents.send(addAgentExecutions, { executions: [again] })).data['same-1'],
    ).toEqual({
      success: true,
      id: 'same-1',
      message: 'Agent execution already recorded.',
    });
  });

  it('keeps the fields that place an execution in the lists', async () => {
    await agents.send(addAgentExecutions, {
      executions: [running('place-1', { organizationId: 'org-a' })],
    });
    for (const [field, value] of [
      ['agentId', 'agent-2'],
      ['startedAt', START + 1],
      ['organizationId', 'org-b'],
    ] as const) {
      const res = resultOf(
        await agents.send(addAgentExecutions, {
          executions: [finished('place-1', 'passed', { organizationId: 'org-a', [field]: value })],
        }),
      );
      expect(res.data['place-1']).toEqual({
        success: false,
        id: 'place-1',
        message: `Agent execution place-1 was recorded with another ${field}; agentId, startedAt, organizationId and documentId do not change.`,
      });
    }
    expect((await one('place-1'))?.status).toBe('running');
  });

  it('computes durationMs when omitted and checks it when given', async () => {
    const given = { ...finished('dur-1', 'skipped'), durationMs: 1500 };
    expect(
      resultOf(await agents.send(addAgentExecutions, { executions: [given] })).data['dur-1']
        ?.success,
    ).toBe(true);
    const wrong = { ...finished('dur-2', 'passed'), durationMs: 10 };
    const res = await agents.send(addAgentExecutions, { executions: [wrong] });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('data.executions[0].durationMs') as unknown,
    });
  });

  it.each([
    ['an unknown status', { status: 'done' }, 'status'],
    ['a finished one without completedAt', { status: 'passed' }, 'completedAt'],
    ['a running one with completedAt', { completedAt: START + 1 }, 'completedAt'],
    ['a running one with durationMs', { durationMs: 1 }, 'durationMs'],
    ['a negative start', { startedAt: -1 }, 'startedAt'],
    ['a fractional version', { agentVersion: 1.5 }, 'agentVersion'],
    ['a blank agent name', { agentName: ' ' }, 'agentName'],
    ['a document without organization', { documentId: 'd' }, 'documentId'],
    ['negative token usage', { tokenUsage: { input: -1, output: 0 } }, 'tokenUsage.input'],
    [
      'findings on a passed run',
      {
        status: 'passed',
        completedAt: START + 5,
        resultsSummary: { severityCounts: {}, findings: [{ title: 'x' }] },
      },
      'resultsSummary.findings',
    ],
    [
      'an error on a run that did not error',
      { error: { code: 'E', message: 'm', retryable: false } },
      'error',
    ],
  ])('refuses %s, writing nothing', async (_name, change, field) => {
    const res = await agents.send(addAgentExecutions, {
      executions: [running('valid-neighbour-' + field), running('bad', change)],
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error?.message).toContain(`data.executions[1].${field}`);
    expect(await one('valid-neighbour-' + field)).toBeUndefined();
  });

  it('refuses a repeated id and an empty list', async () => {
    const twice = await agents.send(addAgentExecutions, {
      executions: [running('dup'), running('dup')],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error?.message).toContain('repeats the id dup');
    expect((await agents.send(addAgentExecutions, { executions: [] })).status).toBe(400);
  });

  // Found by the contract fuzzing: a version past 32 bits answered INTERNAL from the database.
  it('refuses an agent version the database cannot hold, and keeps the largest it can', async () => {
    const tooLarge = await agents.send(addAgentExecutions, {
      executions: [{ ...running('v-max'), agentVersion: 9007199254740991 }],
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error?.message).toContain('must be at most 2147483647');
    const largest = await agents.send(addAgentExecutions, {
      executions: [{ ...running('v-max'), agentVersion: 2_147_483_647 }],
    });
    expect(largest.status).toBe(200);
    expect((await one('v-max'))?.agentVersion).toBe(2_147_483_647);
  });
});
