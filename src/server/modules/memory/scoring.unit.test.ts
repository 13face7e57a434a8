import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SuggestDecisionResult } from '#contract/memory';
import { topReasons } from './reasons';
import { type Candidate, STALE_CAVEAT, suggest, wilsonLowerBound } from './scoring';

const now = Date.parse('2026-03-01T10:00:00.000Z');
const DAY = 86_400_000;
const REASONS = ['Within policy', 'within the policy.', 'Customer is a repeat offender', 'Late'];

/** A judgment as retrieval hands it to the scoring; ids are given when a list is made. */
const judgment = fc.record({
  decision: fc.constantFrom('approve' as const, 'reject' as const),
  reason: fc.constantFrom(...REASONS, null),
  reviewerId: fc.integer({ min: 1, max: 5 }).map((n) => `r${n}`),
  decidedAt: fc.integer({ min: 0, max: 400 }).map((days) => now - days * DAY),
  similarity: fc.integer({ min: 20, max: 100 }).map((n) => n / 100),
});
const withIds = (list: readonly Omit<Candidate, 'judgmentId'>[], prefix = 'j'): Candidate[] =>
  list.map((c, i) => ({ ...c, judgmentId: `${prefix}${i}` }));
const candidates = (max = 30) =>
  fc.array(judgment, { maxLength: max }).map((list) => withIds(list));

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
  it('adding an approving judgment never lowers approve confidence', () => {
    fc.assert(
      fc.property(candidates(), judgment, (before, extra) => {
        const added = [...before, { ...extra, decision: 'approve' as const, judgmentId: 'added' }];
        expect(approveConfidence(suggest(added, 'apiKey', now))).toBeGreaterThanOrEqual(
          approveConfidence(suggest(before, 'apiKey', now)),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('an exact tie gives a conflict', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 15 }),
        fc.integer({ min: 30, max: 100 }),
        (n, percent) => {
          const similarity = percent / 100;
          const result = suggest(
            [...same(similarity, 'approve', n), ...same(similarity, 'reject', n)],
            'apiKey',
            now,
          );
          expect(result.primary).not.toBeNull();
          expect(result.conflict).not.toBeNull();
          expect(result.conflict?.confidence).toBe(result.primary?.confidence);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('does not depend on the order of the judgments', () => {
    const listAndShuffled = candidates().chain((list) =>
      fc.tuple(
        fc.constant(list),
        fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
      ),
    );
    fc.assert(
      fc.property(listAndShuffled, ([list, shuffled]) => {
        expect(suggest(shuffled, 'apiKey', now)).toEqual(suggest(list, 'apiKey', now));
      }),
      { numRuns: 100 },
    );
  });

  it('answers confidences within [0, 1]', () => {
    fc.assert(
      fc.property(candidates(60), (list) => {
        const result = suggest(list, 'apiKey', now);
        for (const s of [result.primary, result.conflict]) {
          if (s === null) continue;
          expect(s.confidence).toBeGreaterThanOrEqual(0);
          expect(s.confidence).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 100 },
    );
  });
});
