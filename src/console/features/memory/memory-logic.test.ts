import { describe, expect, it } from 'vitest';
import { type Judgment, addJudgmentsRequest } from '#contract/memory';
import type { Page } from '../../lib/paged-query';
import { blankJudgment, judgmentField, judgmentRequest } from './judgment-values';
import { judgmentsFilter } from './judgments-filter';
import { memorySearchSchema } from './memory-search';
import { suggestionRequest } from './suggestion-request';
import { collectJudgments } from './supporting';

const judgment = (judgmentId: string): Judgment => ({
  judgmentId,
  organizationId: 'org-1',
  documentId: null,
  text: `Item ${judgmentId}`,
  decision: 'approve',
  reason: null,
  reviewerId: 'ada',
  decidedAt: 0,
  activityId: null,
});

/** Pages of two judgments each, tokens `1`, `2`, …; the pages asked for are recorded. */
function pages(ids: string[]) {
  const asked: (string | null)[] = [];
  const fetchPage = (token: string | null): Promise<Page<Judgment>> => {
    asked.push(token);
    const start = Number(token ?? 0) * 2;
    const next = start + 2 < ids.length ? String(start / 2 + 1) : null;
    return Promise.resolve({ items: ids.slice(start, start + 2).map(judgment), next });
  };
  return { asked, fetchPage };
}

describe('collectJudgments', () => {
  it('answers the judgments in the order asked, and stops once every one was seen', async () => {
    const { asked, fetchPage } = pages(['a', 'b', 'c', 'd', 'e', 'f']);
    const found = await collectJudgments(['c', 'a'], fetchPage, 10);
    expect(found.judgments.map((j) => j.judgmentId)).toEqual(['c', 'a']);
    expect(found.missing).toEqual([]);
    expect(asked).toEqual([null, '1']);
  });

  it('names the IDs not found by the end of the list or of the pages it may read', async () => {
    const all = pages(['a', 'b', 'c']);
    expect(await collectJudgments(['b', 'z'], all.fetchPage, 10)).toMatchObject({
      missing: ['z'],
    });
    expect(all.asked).toEqual([null, '1']);
    const few = pages(['a', 'b', 'c', 'd', 'e']);
    expect((await collectJudgments(['e'], few.fetchPage, 2)).missing).toEqual(['e']);
    expect(few.asked).toHaveLength(2);
  });
});

describe('the search params and the requests made of them', () => {
  it('keeps a question and drops what the schema refuses', () => {
    expect(memorySearchSchema.parse({ q: 'refund', decision: 'reject', x: 1 })).toEqual({
      q: 'refund',
      decision: 'reject',
    });
    expect(memorySearchSchema.parse({ q: 'x'.repeat(2001) }).q).toBeUndefined();
  });

  it('asks only for a question, and says why a document without its organization is not', () => {
    expect(suggestionRequest({ q: '  ' })).toBeUndefined();
    expect(suggestionRequest({ q: ' refund ' })).toEqual({ request: { query: 'refund' } });
    expect(suggestionRequest({ q: 'refund', organization: 'org-1', document: 'doc-1' })).toEqual({
      request: { query: 'refund', organizationId: 'org-1', documentId: 'doc-1' },
    });
    expect(suggestionRequest({ q: 'refund', document: 'doc-1' })).toEqual({
      problem: 'documentId requires organizationId.',
    });
  });

  it('filters the judgments by what the contract takes, and ignores the rest', () => {
    expect(
      judgmentsFilter({ judgmentsOrganization: 'org-1', decision: 'reject', reviewer: 'ada' }),
    ).toEqual({
      request: { organizationId: 'org-1', decision: 'reject', reviewerId: 'ada' },
      decision: 'reject',
    });
    expect(judgmentsFilter({ judgmentsDocument: 'doc-1', decision: 'maybe' })).toEqual({
      request: {},
      decision: undefined,
      problem: 'Choose an organization to filter by document.',
    });
  });
});

describe('the add-judgment form', () => {
  it('sends one judgment, blank optional fields left out and the date in epoch milliseconds', () => {
    const request = judgmentRequest({
      ...blankJudgment,
      text: ' Refund ',
      reviewerId: 'ada',
      decidedAt: '2026-01-02T03:04:05',
    });
    expect(request).toEqual({
      judgments: [
        {
          text: ' Refund ',
          decision: 'approve',
          reviewerId: 'ada',
          decidedAt: new Date('2026-01-02T03:04:05').getTime(),
        },
      ],
    });
    expect(addJudgmentsRequest.safeParse(request).success).toBe(true);
  });

  it("puts the contract's issues on the form's fields", () => {
    const parsed = addJudgmentsRequest.safeParse(
      judgmentRequest({ ...blankJudgment, text: 'x', reviewerId: 'ada', documentId: 'doc-1' }),
    );
    const paths = parsed.error?.issues.map((issue) => judgmentField(issue.path));
    expect(paths).toEqual(['documentId']);
    expect(judgmentField(['judgments'])).toBeUndefined();
  });
});
