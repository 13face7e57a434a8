import type { z } from 'zod';
import type { addJudgmentsRequest } from '#contract/memory';
import { newId } from '../../crypto/secrets';
import { type ItemResult, failed, resultMap, succeeded } from '../../http/item-results';
import type { Services } from '../../services';
import { type NewJudgment, insertJudgments } from './store';

type AddInput = z.output<typeof addJudgmentsRequest>;

export const judgmentAdded = 'Judgment added.';
export const judgmentTaken = (id: string) => `A judgment with the id ${id} already exists.`;

/**
 * Add Judgments: ids generated where absent, `decidedAt` now where absent. Idempotent by id: an
 * id the key holds already is reported as failed and left as it was (a retried call changes
 * nothing), the others are written together.
 */
export async function addJudgments(
  s: Services,
  apiKeyId: string,
  input: AddInput,
): Promise<Record<string, ItemResult>> {
  const nowMs = s.clock().getTime();
  const rows: NewJudgment[] = input.judgments.map((j) => ({
    judgmentId: j.judgmentId ?? newId('jdg'),
    organizationId: j.organizationId ?? null,
    documentId: j.documentId ?? null,
    text: j.text,
    decision: j.decision,
    reason: j.reason?.trim() ? j.reason : null,
    reviewerId: j.reviewerId,
    decidedAt: j.decidedAt ?? nowMs,
  }));
  const added = await s.db.transaction((tx) => insertJudgments(tx, apiKeyId, rows));
  return resultMap(
    rows,
    (r) => r.judgmentId,
    (_r, id) => (added.has(id) ? succeeded(id, judgmentAdded) : failed(id, judgmentTaken(id))),
  );
}
