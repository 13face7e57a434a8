import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJudgments, getJudgments, MAX_QUERY_LENGTH, suggestDecision } from '#contract/memory';
import { demoWorkspace } from '#scripts/seed/demo-data';
import { demoJudgments } from '#scripts/seed/demo-judgments';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { dataOf, resultOf } from '../../testing/replies';

const now = Date.parse('2026-03-01T10:00:00.000Z');
const DAY = 86_400_000;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
});
afterAll(() => svc.close());

let serial = 0;
const judgment = (extra: Record<string, unknown>) => ({
  judgmentId: `j${++serial}`,
  text: 'Refund of 40 EUR for a late delivery of a parcel',
  decision: 'approve',
  reviewerId: `rev-${serial % 3}`,
  decidedAt: now - DAY,
  ...extra,
});

describe('Suggest Decision', () => {
  it('narrows precedent to the document, else the organization, else the whole key', async () => {
    const m = await createWorkspaceFixture(svc);
    dataOf(
      await m.send(addJudgments, {
        judgments: [
          ...[1, 2].map(() => judgment({ organizationId: 'acme', documentId: 'd1' })),
          ...[1, 2, 3].map(() =>
            judgment({ organizationId: 'acme', documentId: 'd2', decision: 'reject' }),
          ),
          ...[1, 2, 3, 4].map(() => judgment({ organizationId: 'globex', decision: 'reject' })),
          ...[1, 2, 3, 4, 5, 6].map(() => judgment({ reason: 'Carrier confirmed the delay' })),
        ],
      }),
    );
    const query = 'refund for a late parcel delivery';
    const doc = resultOf(
      await m.send(suggestDecision, { query, organizationId: 'acme', documentId: 'd1' }),
    );
    expect(doc.primary).toMatchObject({
      recommendation: 'approve',
      basedOn: 2,
      scope: 'document',
      scopeLabel: 'This document',
    });
    expect(doc.conflict).toBeNull();
    const org = resultOf(await m.send(suggestDecision, { query, organizationId: 'acme' }));
    expect(org.primary).toMatchObject({
      recommendation: 'reject',
      basedOn: 3,
      scope: 'organization',
      scopeLabel: 'This organization',
    });
    expect(org.conflict).toMatchObject({ recommendation: 'approve', basedOn: 2 });
    const key = resultOf(await m.send(suggestDecision, { query }));
    expect(key.primary).toMatchObject({
      recommendation: 'approve',
      basedOn: 8,
      scope: 'apiKey',
      scopeLabel: 'All content',
      topReasons: ['Carrier confirmed the delay'],
      uniqueReviewers: 3,
    });
    expect(key.conflict).toMatchObject({ recommendation: 'reject', basedOn: 7 });
    // Labels are fixed words: never an organization's or a document's name.
    for (const s of [doc.primary, org.primary, key.primary, key.conflict]) {
      expect(JSON.stringify([s?.scopeLabel, s?.caveats])).not.toMatch(/acme|globex|d1|d2/);
    }
    const stored = new Set(
      dataOf(await m.send(getJudgments, { pageSize: 100 })).map((j) => j.judgmentId),
    );
    expect(key.primary?.supportingJudgmentIds?.every((id) => stored.has(id))).toBe(true);
  });

  it('falls back to trigram similarity for misspelled or partial queries', async () => {
    const m = await createWorkspaceFixture(svc);
    dataOf(
      await m.send(addJudgments, {
        judgments: [1, 2, 3].map(() =>
          judgment({ text: 'Reimbursement', decision: 'reject', reason: 'No receipt' }),
        ),
      }),
    );
    for (const query of ['reimbursment', 'Reimburse']) {
      const found = resultOf(await m.send(suggestDecision, { query }));
      expect(found.primary, query).toMatchObject({ recommendation: 'reject', basedOn: 3 });
      expect(found.primary?.topReasons).toEqual(['No receipt']);
    }
    expect(resultOf(await m.send(suggestDecision, { query: 'quarterly tax filing' }))).toEqual({
      primary: null,
      conflict: null,
    });
  });

  it('judges a query of 2,000 characters by its first distinct words only', async () => {
    const m = await createWorkspaceFixture(svc);
    dataOf(
      await m.send(addJudgments, {
        judgments: [
          ...[1, 2, 3].map(() =>
            judgment({ text: 'Laptop return after the trial period', reason: 'Within the trial' }),
          ),
          ...[1, 2, 3].map(() => judgment({ decision: 'reject', reason: 'Carrier not at fault' })),
        ],
      }),
    );
    // The item first, then a pasted thread that names the late refund over and over, beyond
    // the words a query is read by.
    const head =
      'Laptop return after the trial period: the customer sends back an unused laptop with ' +
      'charger, box, manuals and receipt; our support desk logged ticket four two seven nine ' +
      'yesterday morning. Earlier thread:';
    const tail = ' refund of 40 EUR for a late delivery of a parcel.';
    const query = head + tail.repeat(Math.floor((MAX_QUERY_LENGTH - head.length) / tail.length));
    expect(query.length).toBeGreaterThan(MAX_QUERY_LENGTH - tail.length);
    const found = resultOf(await m.send(suggestDecision, { query }));
    expect(found.primary).toMatchObject({
      recommendation: 'approve',
      basedOn: 3,
      topReasons: ['Within the trial'],
    });
    expect(found.conflict).toBeNull();
    expect(found.primary?.caveats).toEqual([]);
  });

  it('derives the stale caveat and the minority note from the evidence', async () => {
    const m = await createWorkspaceFixture(svc);
    dataOf(
      await m.send(addJudgments, {
        judgments: [
          ...[1, 2, 3, 4].map(() => judgment({ decidedAt: now - 300 * DAY })),
          ...[1, 2].map(() => judgment({ decision: 'reject' })),
        ],
      }),
    );
    const found = resultOf(await m.send(suggestDecision, { query: 'late delivery refund' }));
    expect(found.primary?.recommendation).toBe('reject');
    expect(found.primary?.caveats).toEqual([
      'Conflicting precedent: 4 of 6 similar judgments approved.',
    ]);
    expect(found.conflict?.caveats).toEqual([
      'Minority view: 4 of 6 similar judgments approved.',
      'Stale pattern: >70% of supporting data is older than 6 months',
    ]);
  });

  it("makes a believable conflict of the demo seed's refunds", async () => {
    const m = await createWorkspaceFixture(svc);
    const [split] = demoJudgments(demoWorkspace(0.01), now);
    dataOf(await m.send(addJudgments, { judgments: split }));
    const organizationId = split?.[0]?.organizationId;
    const found = resultOf(
      await m.send(suggestDecision, {
        query: 'Refund requested after the return window',
        organizationId,
      }),
    );
    expect(found.primary).toMatchObject({ recommendation: 'approve', basedOn: 5 });
    expect(found.primary?.topReasons.slice(0, 2)).toEqual([
      'Carrier confirmed the damage',
      'Goodwill for a loyal customer',
    ]);
    expect(found.conflict).toMatchObject({ recommendation: 'reject', basedOn: 4 });
    // The three phrasings of the window are merged into one reason.
    expect(found.conflict?.topReasons).toEqual([
      'Outside the return window',
      'No receipt attached',
    ]);
  });

  it('refuses bad input', async () => {
    const m = await createWorkspaceFixture(svc);
    for (const data of [
      {},
      { query: '' },
      { query: '   ' },
      { query: 7 },
      { query: 'x'.repeat(2001) },
      { query: 'refund', documentId: 'd1' },
      { query: 'refund', organizationId: '' },
    ]) {
      const res = await m.send(suggestDecision, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    }
  });
});
