export const START = 1_700_000_000_000;

/** A running execution with the required fields, for the rest to override. */
export const running = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  agentId: 'agent-1',
  agentName: 'Reviewer',
  agentVersion: 3,
  status: 'running',
  message: 'Reviewing',
  startedAt: START,
  trigger: 'standalone',
  ...extra,
});

/** The same execution finished `ms` after its start. */
export const finished = (
  id: string,
  status: 'passed' | 'failed' | 'error' | 'skipped',
  extra: Record<string, unknown> = {},
  ms = 1500,
) => {
  const base = running(id, extra);
  return { ...base, status, completedAt: base.startedAt + ms, message: `Done: ${status}` };
};
