import { describe, expect, it } from 'vitest';
import { addAgentExecutionsRequest, listAgentExecutions } from './agents';

const execution = {
  id: 'x1',
  agentId: 'a1',
  agentName: 'Reviewer',
  agentVersion: 1,
  status: 'running',
  message: 'Working',
  startedAt: 1_700_000_000_000,
  completedAt: null,
  durationMs: null,
  trigger: 'standalone',
};

describe('List Agent Executions', () => {
  const request = listAgentExecutions.request;

  it.each([1, 50, 500])('takes pageSize %d', (pageSize) => {
    expect(request.safeParse({ pageSize }).success).toBe(true);
  });

  it.each([0, 501, -5, 2.5, '10'])('rejects pageSize %s', (pageSize) => {
    expect(request.safeParse({ pageSize }).error?.issues[0]?.path).toEqual(['pageSize']);
  });

  it('takes no body at all', () => {
    expect(request.parse(undefined)).toEqual({});
  });

  it('answers items with a nullable cursor', () => {
    expect(
      listAgentExecutions.data.safeParse({ items: [execution], nextCursor: null, hasMore: false })
        .success,
    ).toBe(true);
  });
});

describe('Add Agent Executions', () => {
  it('keeps completedAt and durationMs null while running', () => {
    expect(addAgentExecutionsRequest.safeParse({ executions: [execution] }).success).toBe(true);
    const finished = addAgentExecutionsRequest.safeParse({
      executions: [{ ...execution, completedAt: execution.startedAt + 5, durationMs: 5 }],
    });
    expect(finished.error?.issues.map((i) => i.path)).toEqual([
      ['executions', 0, 'completedAt'],
      ['executions', 0, 'durationMs'],
    ]);
  });

  it('refuses a completion before the start', () => {
    const result = addAgentExecutionsRequest.safeParse({
      executions: [{ ...execution, status: 'passed', completedAt: execution.startedAt - 1 }],
    });
    expect(result.error?.issues[0]?.message).toBe('must not be before startedAt');
  });
});

describe('Add Agent Executions, the optional fields of DESIGN.md', () => {
  const done = { ...execution, status: 'failed', completedAt: execution.startedAt + 5 };
  const parse = (extra: Record<string, unknown>) =>
    addAgentExecutionsRequest.safeParse({ executions: [{ ...done, ...extra }] });

  it('takes metadata, llmModel, tokenUsage, resultsSummary and error', () => {
    const result = parse({
      status: 'error',
      metadata: { run: 1 },
      llmModel: 'model-x',
      tokenUsage: { input: 10, output: 2 },
      resultsSummary: { severityCounts: { high: 1 }, findings: [{ title: 'x' }] },
      error: { code: 'TIMEOUT', message: 'timed out', retryable: true },
    });
    expect(result.error?.issues).toBeUndefined();
  });

  it('requires completedAt once finished and durationMs to match the times', () => {
    expect(parse({ completedAt: undefined }).error?.issues[0]?.message).toBe(
      'is required once the execution has finished',
    );
    expect(parse({ durationMs: 4 }).error?.issues[0]?.message).toBe(
      'must be completedAt - startedAt',
    );
    expect(parse({ durationMs: 5 }).success).toBe(true);
  });

  it('keeps findings off passed runs and errors off runs that did not error', () => {
    const findings = { severityCounts: {}, findings: [{ title: 'x' }] };
    expect(parse({ status: 'passed', resultsSummary: findings }).error?.issues[0]?.path).toEqual([
      'executions',
      0,
      'resultsSummary',
      'findings',
    ]);
    const error = { code: 'E', message: 'm', retryable: false };
    expect(parse({ error }).error?.issues[0]?.path).toEqual(['executions', 0, 'error']);
  });
});
