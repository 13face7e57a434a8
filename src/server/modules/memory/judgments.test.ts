import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { dataOf } from '../../testing/replies';
import { addJudgments, getJudgments } from '#contract/memory';

const now = Date.parse('2026-03-01T10:00:00.000Z');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
});
afterAll(() => svc.close());

interface JudgmentInput {
  judgmentId?: string;
  organizationId?: string | undefined;
  documentId?: string | undefined;
  text?: string;
  decision?: string;
  reason?: string;
  reviewerId?: string | undefined;
  decidedAt?: number;
}
const judgment = (extra: JudgmentInput) => ({
  text: 'Refund of 40 EUR for a late delivery',
  decision: 'approve',
  reviewerId: 'rev-1',
  ...extra,
});

describe('Add Judgments', () => {
  it('stores each judgment, generating ids and decidedAt where absent', async () => {
    const m = await createWorkspaceFixture(svc);
    const added = dataOf(
      await m.send(addJudgments, {
        judgments: [
          judgment({ judgmentId: 'j1', organizationId: 'o1', documentId: 'd1', reason: 'Policy' }),
          judgment({ decision: 'reject', decidedAt: now - 5000 }),
        ],
      }),
    );
    const ids = Object.keys(added);
    expect(ids[0]).toBe('j1');
    expect(ids[1]).toMatch(/^jdg_/);
    expect(Object.values(added).every((r) => r.success)).toBe(true);
    const stored = dataOf(await m.send(getJudgments, {}));
    expect(stored).toEqual([
      {
        judgmentId: 'j1',
        organizationId: 'o1',
        documentId: 'd1',
        text: 'Refund of 40 EUR for a late delivery',
        decision: 'approve',
        reason: 'Policy',
        reviewerId: 'rev-1',
        decidedAt: now,
        activityId: null,
      },
      expect.objectContaining({ judgmentId: ids[1], decidedAt: now - 5000, reason: null }),
    ]);
  });

  it('is idempotent by judgmentId: a repeated id is reported and left as it was', async () => {
    const m = await createWorkspaceFixture(svc);
    dataOf(await m.send(addJudgments, { judgments: [judgment({ judgmentId: 'j1' })] }));
    const again = dataOf(
      await m.send(addJudgments, {
        judgments: [
          judgment({ judgmentId: 'j1', decision: 'reject' }),
          judgment({ judgmentId: 'j2' }),
        ],
      }),
    );
    expect(again).toEqual({
      j1: { success: false, id: 'j1', message: 'A judgment with the id j1 already exists.' },
      j2: { success: true, id: 'j2', message: 'Judgment added.' },
    });
    const stored = dataOf(await m.send(getJudgments, {}));
    expect(stored.map((j) => [j.judgmentId, j.decision])).toEqual([
      ['j2', 'approve'],
      ['j1', 'approve'],
    ]);
  });

  it('refuses bad input as a whole, writing nothing', async () => {
    const m = await createWorkspaceFixture(svc);
    const bad = [
      {},
      { judgments: [] },
      { judgments: [judgment({ decision: 'approved' })] },
      { judgments: [judgment({ text: ' ' })] },
      { judgments: [judgment({ reviewerId: undefined })] },
      { judgments: [judgment({ documentId: 'd1' })] },
      { judgments: [judgment({ decidedAt: -1 })] },
      { judgments: [judgment({ judgmentId: 'x' }), judgment({ judgmentId: 'x' })] },
      { judgments: [judgment({ judgmentId: 'ok' }), judgment({ text: 'x'.repeat(10_001) })] },
    ];
    for (const data of bad) {
      const res = await m.send(addJudgments, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    }
    expect(dataOf(await m.send(getJudgments, {}))).toEqual([]);
  });
});

describe('Get Judgments', () => {
  it('pages newest first through every filter, never skipping or repeating', async () => {
    const m = await createWorkspaceFixture(svc);
    const judgments = Array.from({ length: 30 }, (_, i) =>
      judgment({
        judgmentId: `j${String(i).padStart(2, '0')}`,
        organizationId: i % 3 === 0 ? undefined : `o${i % 2}`,
        documentId: i % 3 === 0 ? undefined : `d${i % 5}`,
        decision: i % 4 === 0 ? 'reject' : 'approve',
        reviewerId: `r${i % 3}`,
        // Some share a time, so the id breaks the tie.
        decidedAt: now - Math.floor(i / 2) * 1000,
      }),
    );
    dataOf(await m.send(addJudgments, { judgments }));
    type J = (typeof judgments)[number];
    const cases: [Record<string, unknown>, (j: J) => boolean][] = [
      [{}, () => true],
      [{ organizationId: 'o1' }, (j) => j.organizationId === 'o1'],
      [
        { organizationId: 'o0', documentId: 'd2' },
        (j) => j.organizationId === 'o0' && j.documentId === 'd2',
      ],
      [{ decision: 'reject' }, (j) => j.decision === 'reject'],
      [
        { organizationId: 'o1', reviewerId: 'r1', decision: 'approve' },
        (j) => j.organizationId === 'o1' && j.reviewerId === 'r1' && j.decision === 'approve',
      ],
      [{ reviewerId: 'r0' }, (j) => j.reviewerId === 'r0'],
    ];
    for (const [filters, keep] of cases) {
      const expected = judgments
        .filter(keep)
        .sort(
          (a, b) =>
            (b.decidedAt ?? 0) - (a.decidedAt ?? 0) ||
            (b.judgmentId ?? '').localeCompare(a.judgmentId ?? ''),
        )
        .map((j) => j.judgmentId);
      const seen: unknown[] = [];
      let pageToken: string | undefined;
      for (let pages = 0; pages < 50; pages++) {
        const res = await m.send(getJudgments, { ...filters, pageSize: 4, pageToken });
        seen.push(...dataOf(res).map((j) => j.judgmentId));
        pageToken = res.body.result?.nextPageToken ?? undefined;
        if (!pageToken) break;
      }
      expect(seen, JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('binds its token to the filters, and checks its input', async () => {
    const m = await createWorkspaceFixture(svc);
    dataOf(
      await m.send(addJudgments, {
        judgments: [judgment({ judgmentId: 'a' }), judgment({ judgmentId: 'b' })],
      }),
    );
    const first = await m.send(getJudgments, { pageSize: 1 });
    const token = first.body.result?.nextPageToken;
    expect(token).toBeTruthy();
    expect(
      dataOf(await m.send(getJudgments, { pageSize: 1, pageToken: token })).map(
        (j) => j.judgmentId,
      ),
    ).toEqual(['a']);
    for (const data of [
      { decision: 'reject', pageToken: token },
      { pageToken: `${String(token)}x` },
      { pageSize: 0 },
      { pageSize: 101 },
      { documentId: 'd1' },
      { decision: 'maybe' },
    ]) {
      const res = await m.send(getJudgments, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    }
  });
});
