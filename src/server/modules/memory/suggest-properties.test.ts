import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJudgments, suggestDecision, type SuggestDecisionResult } from '#contract/memory';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { type Random, forAllSeeds } from './random-cases';
import { dataOf, resultOf } from '../../testing/replies';

/**
 * The five properties of issue 13 through HTTP, each run on a fresh API key of one database (a
 * fresh database per run would cost seconds each). The scoring's own properties run over many
 * more cases in scoring.unit.test.ts.
 */
const RUNS = 8;
/** A run creates a workspace per key: slow on a busy machine, hence a generous bound. */
const TIMEOUT = 90_000;
const now = Date.parse('2026-03-01T10:00:00.000Z');
const DAY = 86_400_000;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
});
afterAll(() => svc.close());

const SUBJECTS = ['refund for a late delivery', 'damaged laptop return', 'travel expense claim'];
const DETAILS = ['of 40 EUR', 'after 45 days', 'without a receipt', 'for a repeat customer'];
const REASONS = ['Within policy', 'Outside the window', 'No receipt', 'Goodwill gesture'];

let serial = 0;
function randomJudgment(r: Random, extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    judgmentId: `p${serial}`,
    organizationId: r.pick(['o1', 'o2']),
    text: `${r.pick(SUBJECTS)} ${r.pick(DETAILS)}`,
    decision: r.pick(['approve', 'reject']),
    reason: r.pick(REASONS),
    reviewerId: `rev-${r.int(1, 4)}`,
    decidedAt: now - r.int(0, 300) * DAY,
    ...extra,
  };
}
const randomJudgments = (r: Random, min: number, max: number, extra = {}) =>
  Array.from({ length: r.int(min, max) }, () => randomJudgment(r, extra));

async function keyWith(judgments: readonly unknown[]) {
  const m = await createWorkspaceFixture(svc);
  if (judgments.length > 0) dataOf(await m.send(addJudgments, { judgments }));
  return m;
}

const approveConfidence = (result: SuggestDecisionResult) =>
  [result.primary, result.conflict].find((s) => s?.recommendation === 'approve')?.confidence ?? 0;

describe('Suggest Decision properties', () => {
  it(
    'adding an approving judgment never lowers approve confidence',
    async () => {
      await forAllSeeds(RUNS, async (r) => {
        const m = await keyWith(randomJudgments(r, 0, 12));
        const query = { query: r.pick(SUBJECTS) };
        const before = approveConfidence(resultOf(await m.send(suggestDecision, query)));
        dataOf(
          await m.send(addJudgments, { judgments: [randomJudgment(r, { decision: 'approve' })] }),
        );
        const after = approveConfidence(resultOf(await m.send(suggestDecision, query)));
        expect(after).toBeGreaterThanOrEqual(before);
      });
    },
    TIMEOUT,
  );

  it(
    'an exact tie gives a conflict',
    async () => {
      await forAllSeeds(RUNS, async (r) => {
        const n = r.int(2, 6);
        const same = { text: `${r.pick(SUBJECTS)} ${r.pick(DETAILS)}`, decidedAt: now - DAY };
        const m = await keyWith([
          ...randomJudgments(r, n, n, { ...same, decision: 'approve' }),
          ...randomJudgments(r, n, n, { ...same, decision: 'reject' }),
        ]);
        const result = resultOf(await m.send(suggestDecision, { query: same.text }));
        expect(result.primary?.basedOn).toBe(n);
        expect(result.conflict?.basedOn).toBe(n);
      });
    },
    TIMEOUT,
  );

  it(
    "another organization's judgments never influence an organization-scoped answer",
    async () => {
      await forAllSeeds(RUNS, async (r) => {
        const m = await keyWith(randomJudgments(r, 0, 10, { organizationId: 'o1' }));
        const query = { query: r.pick(SUBJECTS), organizationId: 'o1' };
        const before = resultOf(await m.send(suggestDecision, query));
        dataOf(
          await m.send(addJudgments, {
            judgments: randomJudgments(r, 1, 10, { organizationId: 'o2' }),
          }),
        );
        dataOf(
          await m.send(addJudgments, {
            judgments: randomJudgments(r, 1, 3, { organizationId: undefined }),
          }),
        );
        expect(resultOf(await m.send(suggestDecision, query))).toEqual(before);
      });
    },
    TIMEOUT,
  );

  it(
    "another API key's judgments never influence anything",
    async () => {
      await forAllSeeds(RUNS, async (r) => {
        const mine = randomJudgments(r, 0, 10);
        const m = await keyWith(mine);
        const queries = [
          { query: r.pick(SUBJECTS) },
          { query: r.pick(SUBJECTS), organizationId: 'o1' },
        ];
        const before = await Promise.all(
          queries.map(async (q) => resultOf(await m.send(suggestDecision, q))),
        );
        // The other key even reuses this key's judgment ids.
        await keyWith(randomJudgments(r, 1, 12).map((j, i) => ({ ...j, judgmentId: `p${i}` })));
        await keyWith(mine.map((j) => ({ ...j, decision: 'reject' })));
        const after = await Promise.all(
          queries.map(async (q) => resultOf(await m.send(suggestDecision, q))),
        );
        expect(after).toEqual(before);
      });
    },
    TIMEOUT,
  );

  it(
    'does not depend on the order judgments were added',
    async () => {
      await forAllSeeds(RUNS, async (r) => {
        const judgments = randomJudgments(r, 2, 14);
        const inOrder = await keyWith(judgments);
        const shuffled = r.shuffled(judgments);
        const split = r.int(1, shuffled.length - 1);
        const otherOrder = await keyWith(shuffled.slice(0, split));
        dataOf(await otherOrder.send(addJudgments, { judgments: shuffled.slice(split) }));
        for (const query of [
          { query: r.pick(SUBJECTS) },
          { query: 'damaged', organizationId: 'o2' },
        ]) {
          expect(resultOf(await otherOrder.send(suggestDecision, query))).toEqual(
            resultOf(await inOrder.send(suggestDecision, query)),
          );
        }
      });
    },
    TIMEOUT,
  );
});
