import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { addAgentExecutionsRequest } from '#contract/agents';
import { type ItemResult, failed, resultMap, succeeded } from '../../http/item-results';
import type { Services } from '../../services';
import { rowOf } from './execution-wire';
import {
  executionAdded,
  executionFinal,
  executionFinished,
  executionMoved,
  executionRaced,
  executionUnchanged,
  executionUpdated,
} from './messages';
import {
  type ExecutionRow,
  insertExecutions,
  lockExecutions,
  updateRunningExecutions,
} from './store';

type AddInput = z.output<typeof addAgentExecutionsRequest>;

/** The fields that place an execution in the lists: its next records keep them. */
const PLACING_FIELDS = ['agentId', 'startedAt', 'organizationId', 'documentId'] as const;

type Plan = { write: 'insert' | 'update'; row: ExecutionRow } | { answer: ItemResult };

/** What to do with one execution given the one stored under its id, if any. */
function planOf(row: ExecutionRow, stored: ExecutionRow | undefined): Plan {
  const id = row.executionId;
  if (stored === undefined) return { write: 'insert', row };
  const moved = PLACING_FIELDS.find((field) => stored[field] !== row[field]);
  if (moved !== undefined) return { answer: failed(id, executionMoved(id, moved)) };
  if (isDeepStrictEqual(stored, row)) return { answer: succeeded(id, executionUnchanged) };
  if (stored.status === 'running') return { write: 'update', row };
  if (row.status === 'running') return { answer: failed(id, executionFinished(id, stored.status)) };
  return { answer: failed(id, executionFinal(id, stored.status)) };
}

/**
 * Add Agent Executions: records each execution under its id. A new id is added; the id of a
 * running execution takes the new record (a progress update, or its final state); a finished
 * execution never changes: anything but its record again (running again, another outcome)
 * answers `success: false`. A record equal to the stored one, whatever its status, is an
 * idempotent success that writes nothing. An execution keeps its agent, start, organization and
 * document, which place it in the lists and their pages. The organization and document need not
 * exist, as for the other feature data. All writes are one transaction.
 */
export async function addAgentExecutions(
  s: Services,
  apiKeyId: string,
  input: AddInput,
): Promise<Record<string, ItemResult>> {
  const rows = input.executions.map((e) => rowOf(apiKeyId, e));
  return s.db.transaction(async (tx) => {
    const stored = await lockExecutions(
      tx,
      apiKeyId,
      rows.map((r) => r.executionId),
    );
    const plans = new Map(
      rows.map((row) => [row.executionId, planOf(row, stored.get(row.executionId))]),
    );
    const writes = [...plans.values()].flatMap((p) => ('write' in p ? [p] : []));
    const inserted = await insertExecutions(
      tx,
      writes.filter((p) => p.write === 'insert').map((p) => p.row),
    );
    await updateRunningExecutions(
      tx,
      writes.filter((p) => p.write === 'update').map((p) => p.row),
    );
    const outcome = (id: string, plan: Plan): ItemResult => {
      if ('answer' in plan) return plan.answer;
      if (plan.write === 'update') return succeeded(id, executionUpdated);
      return inserted.has(id) ? succeeded(id, executionAdded) : failed(id, executionRaced(id));
    };
    return resultMap(
      [...plans],
      ([id]) => id,
      ([, plan], id) => outcome(id, plan),
    );
  });
}
