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
