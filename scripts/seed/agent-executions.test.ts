import { expect, it } from 'vitest';
import { agentExecutionStatusSchema } from '#contract/agents';
import { demoExecutions } from './agent-executions';

it("records every status at scale 1, three of an organization's executions running", () => {
  const anchor = Date.UTC(2026, 0, 15);
  const planned = demoExecutions('acme', ['acme-d1', 'acme-d2'], anchor, 1, 1);
  expect(planned.recorded).toHaveLength(60);
  const statuses = new Set(planned.recorded.map((e) => e.status));
  expect([...statuses].sort()).toEqual([...agentExecutionStatusSchema.options].sort());
  expect(planned.recorded.filter((e) => e.status === 'running')).toHaveLength(3);
  // Each running one finishes a minute after the seed, and nothing finished lies in the future.
  expect(planned.completions.map((e) => e.completedAt)).toEqual(
    [1, 2, 3].map(() => anchor + 60_000),
  );
  for (const e of planned.recorded) expect(e.completedAt ?? anchor).toBeLessThanOrEqual(anchor);
});
