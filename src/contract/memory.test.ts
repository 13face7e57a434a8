import { describe, expect, it } from 'vitest';
import { suggestDecision, suggestionSchema } from './memory';

describe('Suggest Decision', () => {
  const request = suggestDecision.request;

  it('needs a non-empty query', () => {
    for (const input of [{}, { query: '' }, { query: '  \n ' }, { query: 3 }]) {
      expect(request.safeParse(input).error?.issues[0]?.path).toEqual(['query']);
    }
  });

  it('narrows to a document only within an organization', () => {
    const alone = request.safeParse({ query: 'refund?', documentId: 'd1' });
    expect(alone.error?.issues).toMatchObject([
      { path: ['documentId'], message: 'requires organizationId' },
    ]);
    expect(request.safeParse({ query: 'refund?', organizationId: 'o1' }).success).toBe(true);
    expect(
      request.safeParse({ query: 'refund?', organizationId: 'o1', documentId: 'd1' }).success,
    ).toBe(true);
  });

  it('answers a primary and a conflict that may each be null', () => {
    const suggestion = {
      recommendation: 'approve',
      confidence: 0.8,
      basedOn: 5,
      scope: 'organization',
      scopeLabel: 'Acme',
      topReasons: ['Within policy'],
      uniqueReviewers: 2,
      caveats: [],
    };
    expect(suggestionSchema.safeParse(suggestion).success).toBe(true);
    expect(suggestDecision.data.safeParse({ primary: null, conflict: null }).success).toBe(true);
    expect(
      suggestDecision.data.safeParse({ primary: suggestion, conflict: suggestion }).success,
    ).toBe(true);
    expect(suggestionSchema.safeParse({ ...suggestion, recommendation: 'maybe' }).success).toBe(
      false,
    );
  });
});
