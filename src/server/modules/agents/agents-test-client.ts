import {
  addAgentExecutions,
  type AgentExecution,
  listAgentExecutions,
} from '../../../contract/agents';
import type { WorkspaceFixture } from '../../testing/fixtures';
import type { Reply, TestService } from '../../testing/test-service';

export const agentPaths = {
  add: addAgentExecutions.path,
  list: listAgentExecutions.path,
} as const;

export type ErrorBody = { error: { status: string; message: string } };
export type ItemResults = Record<string, { success: boolean; id: string; message: string }>;
export type ExecutionsPage = {
  items: AgentExecution[];
  nextCursor: string | null;
  hasMore: boolean;
};

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

/** The agents endpoints of one API key, answering the raw reply. */
export function agentsOf(svc: TestService, fx: WorkspaceFixture) {
  return {
    add: (executions: unknown[]) =>
      svc.post<
        { result: { status: string; message: string; data: ItemResults } } & Partial<ErrorBody>
      >(agentPaths.add, { executions }, fx.apiKeyHeaders),
    list: (data: unknown) =>
      svc.post<{ result: ExecutionsPage } & Partial<ErrorBody>>(
        agentPaths.list,
        data,
        fx.apiKeyHeaders,
      ),
  };
}

/** The answer of a 200 reply, or a failure that shows what came instead. */
export function answered<T>(reply: Reply<{ result?: T } & Partial<ErrorBody>>): T {
  if (reply.status !== 200 || !reply.body.result) {
    throw new Error(`expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body.result;
}
