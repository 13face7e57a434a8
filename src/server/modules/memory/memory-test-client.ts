import {
  addJudgments,
  getJudgments,
  type Judgment,
  suggestDecision,
  type SuggestDecisionResult,
  type Suggestion,
} from '../../../contract/memory';
import type { WorkspaceFixture } from '../../testing/fixtures';
import type { Reply, TestService } from '../../testing/test-service';

export const memoryPaths = {
  suggest: suggestDecision.path,
  add: addJudgments.path,
  get: getJudgments.path,
} as const;

type Envelope<T, Extra = object> = { result: { status: string; message: string; data: T } & Extra };
export type ErrorBody = { error: { status: string; message: string } };
export type ItemResults = Record<string, { success: boolean; id: string; message: string }>;

/** The memory endpoints of one API key, answering the raw reply. */
export function memoryOf(svc: TestService, fx: WorkspaceFixture) {
  const post = <T>(path: string, data: unknown) =>
    svc.post<T & Partial<ErrorBody>>(path, data, fx.apiKeyHeaders);
  return {
    suggest: (data: unknown) => post<{ result?: SuggestDecisionResult }>(memoryPaths.suggest, data),
    add: (data: unknown) => post<Envelope<ItemResults>>(memoryPaths.add, data),
    get: (data: unknown) =>
      post<Envelope<Judgment[], { nextPageToken?: string | null }>>(memoryPaths.get, data),
  };
}

/** The `result` of a 200 Suggest Decision reply, or a failure that shows what came instead. */
export function suggestion(reply: Reply<{ result?: SuggestDecisionResult } & Partial<ErrorBody>>): {
  primary: Suggestion | null;
  conflict: Suggestion | null;
} {
  if (reply.status !== 200 || !reply.body.result) {
    throw new Error(`expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body.result;
}

/** The body of a 200 envelope-A reply. */
export function ok<T>(reply: Reply<{ result?: { data: T } } & Partial<ErrorBody>>): T {
  if (reply.status !== 200 || !reply.body.result) {
    throw new Error(`expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body.result.data;
}
