import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { START, finished, running } from '../../testing/agent-fixtures';
import { resultOf } from '../../testing/replies';
import { addAgentExecutions, listAgentExecutions } from '#contract/agents';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

/**
 * Keyset paging against a list that changes under it: before each page, executions are added
 * that start before, at and after the cursor's position (ties on startedAt included) and running
 * ones finish. Every execution that existed when paging began comes exactly once, in order, and
 * no item comes twice.
 */
it.each(['asc', 'desc'] as const)(
  'never skips or repeats an item while executions are added between pages (%s)',
  async (orderDirection) => {
    const agents = await createWorkspaceFixture(svc);
    const at = (i: number) => START + Math.floor(i / 3) * 1000;
    const initial = Array.from({ length: 60 }, (_, i) => {
      const id = `x-${String(i).padStart(3, '0')}`;
      return i % 4 === 0
        ? running(id, { startedAt: at(i) })
        : finished(id, 'passed', { startedAt: at(i) });
    });
    resultOf(await agents.send(addAgentExecutions, { executions: initial }));

    const seen: string[] = [];
    const positions: number[] = [];
    let cursor: string | undefined;
    let added = 0;
    for (let pages = 0; pages < 100; pages += 1) {
      const page = resultOf(
        await agents.send(listAgentExecutions, {
          orderDirection,
          pageSize: 7,
          ...(cursor ? { cursor } : {}),
        }),
      );
      seen.push(...page.items.map((e) => e.id));
      positions.push(...page.items.map((e) => e.startedAt));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      const last = page.items.at(-1);
      if (!last) break;
      // Newcomers around the position: earlier, the same start (ids on both sides), later.
      const around = [-2500, 0, 0, 1, 4000];
      const newcomers = around.map((delta, k) => {
        added += 1;
        const id = `${k % 2 === 0 ? 'a' : 'z'}-new-${String(added).padStart(4, '0')}`;
        return running(id, { startedAt: Math.max(0, last.startedAt + delta) });
      });
      // And a running one of the initial set finishes (its place does not change).
      const runningOne = initial.find((e) => e.status === 'running' && !seen.includes(e.id));
      const finishing = runningOne
        ? [finished(runningOne.id, 'failed', { startedAt: runningOne.startedAt })]
        : [];
      const res = resultOf(
        await agents.send(addAgentExecutions, { executions: [...newcomers, ...finishing] }),
      );
      expect(Object.values(res.data).every((r) => r.success)).toBe(true);
    }

    expect(new Set(seen).size).toBe(seen.length);
    const initialIds = initial.map((e) => e.id);
    const expectedOrder = [...initialIds].sort((a, b) => {
      const byTime =
        (initial.find((e) => e.id === a)?.startedAt ?? 0) -
        (initial.find((e) => e.id === b)?.startedAt ?? 0);
      return byTime || (a < b ? -1 : 1);
    });
    if (orderDirection === 'desc') expectedOrder.reverse();
    expect(seen.filter((id) => initialIds.includes(id))).toEqual(expectedOrder);
    // The whole answer is in the list's order, newcomers included.
    const sorted = [...positions].sort((a, b) => (orderDirection === 'asc' ? a - b : b - a));
    expect(positions).toEqual(sorted);
  },
);
