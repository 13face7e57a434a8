import { describe, expect, it } from 'vitest';
import type { SuggestDecisionResult } from '../../../contract/memory';
import { type Random, forAllSeeds } from './random-cases';
import { topReasons } from './reasons';
import { type Candidate, STALE_CAVEAT, suggest, wilsonLowerBound } from './scoring';

const now = Date.parse('2026-03-01T10:00:00.000Z');
const DAY = 86_400_000;
const REASONS = ['Within policy', 'within the policy.', 'Customer is a repeat offender', 'Late'];

let serial = 0;
function candidate(r: Random, extra: Partial<Candidate> = {}): Candidate {
  serial += 1;
  return {
    judgmentId: `j${serial}`,
    decision: r.pick(['approve', 'reject'] as const),
    reason: r.pick([...REASONS, null]),
    reviewerId: `r${r.int(1, 5)}`,
    decidedAt: now - r.int(0, 400) * DAY,
    similarity: r.int(20, 100) / 100,
    ...extra,
  };
}
const candidates = (r: Random, max = 30) =>
  Array.from({ length: r.int(0, max) }, () => candidate(r));

const approveConfidence = (result: SuggestDecisionResult) =>
  [result.primary, result.conflict].find((s) => s?.recommendation === 'approve')?.confidence ?? 0;

const same = (similarity: number, decision: 'approve' | 'reject', n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    judgmentId: `${decision}-${from + i}`,
    decision,
    reason: null,
    reviewerId: `r${i}`,
    decidedAt: now,
    similarity,
  }));

describe('the confidence bound', () => {
  it('is low on two agreeing judgments and high on fifty', () => {
    const two = suggest(same(1, 'approve', 2), 'apiKey', now).primary;
    const fifty = suggest(same(1, 'approve', 50), 'apiKey', now).primary;
    expect(two?.confidence).toBeLessThan(0.4);
    expect(fifty?.confidence).toBeGreaterThan(0.9);
    expect(wilsonLowerBound(1, 0)).toBe(0);
    expect(wilsonLowerBound(0.5, 1e9)).toBeCloseTo(0.5, 3);
  });

  it('weighs old judgments less: the same evidence a year old gives less confidence', () => {
    const fresh = suggest(same(1, 'reject', 10), 'apiKey', now).primary?.confidence ?? 0;
    const old = same(1, 'reject', 10).map((c) => ({ ...c, decidedAt: now - 365 * DAY }));
    const stale = suggest(old, 'apiKey', now).primary;
    expect(stale?.confidence).toBeLessThan(fresh);
    expect(stale?.caveats).toContain(STALE_CAVEAT);
  });
});

describe('counting (DESIGN.md)', () => {
  it('has no primary below two supporting judgments, and a conflict only with two a side', () => {
    expect(suggest([], 'apiKey', now)).toEqual({ primary: null, conflict: null });
    expect(suggest(same(1, 'approve', 1), 'apiKey', now)).toEqual({
      primary: null,
      conflict: null,
    });
    const oneAgainst = suggest([...same(1, 'approve', 3), ...same(1, 'reject', 1)], 'apiKey', now);
    expect(oneAgainst.primary?.recommendation).toBe('approve');
    expect(oneAgainst.primary?.caveats[0]).toBe(
      'Conflicting precedent: 1 of 4 similar judgments rejected.',
    );
    expect(oneAgainst.conflict).toBeNull();
    const split = suggest([...same(1, 'approve', 3), ...same(1, 'reject', 2)], 'document', now);
    expect(split.primary).toMatchObject({ recommendation: 'approve', basedOn: 3 });
    expect(split.conflict).toMatchObject({
      recommendation: 'reject',
      basedOn: 2,
      scope: 'document',
      scopeLabel: 'This document',
      caveats: ['Minority view: 2 of 5 similar judgments rejected.'],
    });
  });

  it('leaves judgments too unlike the query out of the count', () => {
    expect(suggest(same(0.29, 'approve', 10), 'apiKey', now).primary).toBeNull();
  });

  it('names reviewers, supporting judgments best first (at most 20) and merged reasons', () => {
    const many = [
      ...same(0.5, 'approve', 25),
      ...same(1, 'approve', 1, 99).map((c) => ({
        ...c,
        reviewerId: 'r0',
        reason: 'Within policy',
      })),
    ].map((c, i) => ({ ...c, reason: c.reason ?? REASONS[i % 2] ?? null }));
    const primary = suggest(many, 'organization', now).primary;
    expect(primary?.supportingJudgmentIds).toHaveLength(20);
    expect(primary?.supportingJudgmentIds?.[0]).toBe('approve-99');
    expect(primary?.uniqueReviewers).toBe(25);
    expect(primary?.topReasons).toEqual(['Within policy']);
    expect(primary?.scopeLabel).toBe('This organization');
  });

  it('merges similar reasons and keeps at most five, most frequent first', () => {
    const reasons = ['A b c', 'a b c.', 'A B C!', 'd e', 'f', 'g', 'h', 'i'].map((reason) => ({
      reason,
      weight: 1,
    }));
    expect(topReasons(reasons)).toEqual(['A b c', 'd e', 'f', 'g', 'h']);
  });
});

describe('properties', () => {
  it('adding an approving judgment never lowers approve confidence', async () => {
    await forAllSeeds(200, (r) => {
      const before = candidates(r);
      const added = [...before, candidate(r, { decision: 'approve' })];
      expect(approveConfidence(suggest(added, 'apiKey', now))).toBeGreaterThanOrEqual(
        approveConfidence(suggest(before, 'apiKey', now)),
      );
    });
  });

  it('an exact tie gives a conflict', async () => {
    await forAllSeeds(100, (r) => {
      const n = r.int(2, 15);
      const similarity = r.int(30, 100) / 100;
      const result = suggest(
        [...same(similarity, 'approve', n), ...same(similarity, 'reject', n)],
        'apiKey',
        now,
      );
      expect(result.primary).not.toBeNull();
      expect(result.conflict).not.toBeNull();
      expect(result.conflict?.confidence).toBe(result.primary?.confidence);
    });
  });

  it('does not depend on the order of the judgments', async () => {
    await forAllSeeds(100, (r) => {
      const list = candidates(r);
      expect(suggest(r.shuffled(list), 'apiKey', now)).toEqual(suggest(list, 'apiKey', now));
    });
  });

  it('answers confidences within [0, 1]', async () => {
    await forAllSeeds(100, (r) => {
      const result = suggest(candidates(r, 60), 'apiKey', now);
      for (const s of [result.primary, result.conflict]) {
        if (s === null) continue;
        expect(s.confidence).toBeGreaterThanOrEqual(0);
        expect(s.confidence).toBeLessThanOrEqual(1);
      }
    });
  });
});
