import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH } from '#contract/memory';
import { MAX_QUERY_TERMS, MAX_QUERY_TEXT, queryText } from './query-terms';

const wordsOf = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** Any query the contract accepts: words of any kind and length among spaces and punctuation. */
const anyQuery = fc
  .array(
    fc.oneof(
      fc.constantFrom('refund', 'Refund', 'late', 'delivery', 'für', '40', 'EUR', 'İstanbul'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      fc.stringMatching(/^[a-z]{1,400}$/),
      fc.constantFrom(' ', ', ', ' - ', '"', ' or ', '\n'),
    ),
    { maxLength: 600 },
  )
  .map((parts) => parts.join('').slice(0, MAX_QUERY_LENGTH));

describe('the text a query is read by', () => {
  it('is the query itself while it is short', () => {
    for (const query of [
      'refund for a late delivery without a receipt',
      '"late delivery" -refund or laptop',
      'Laptpo retrun',
      'word '.repeat(MAX_QUERY_TERMS).trim(),
    ]) {
      expect(queryText(query)).toBe(query);
    }
  });

  it('keeps the first distinct words of a long query, case-folded, in their order', () => {
    const query = `Refund REFUND refund for a late delivery, ${'of a parcel late '.repeat(200)}`;
    expect(queryText(query)).toBe('refund for a late delivery of parcel');
    const many = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    expect(wordsOf(queryText(many))).toEqual(wordsOf(many).slice(0, MAX_QUERY_TERMS));
    expect(queryText('x'.repeat(MAX_QUERY_LENGTH))).toBe('x'.repeat(MAX_QUERY_TEXT));
    expect(queryText('!?'.repeat(500))).toBe('');
  });

  it(`has at most ${MAX_QUERY_TERMS} words and ${MAX_QUERY_TEXT} characters for any query`, () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const text = queryText(query);
        expect(wordsOf(text).length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
        expect(text.length).toBeLessThanOrEqual(MAX_QUERY_TEXT);
        // Only words of the query, never anything else.
        const asked = new Set(wordsOf(query.toLowerCase()));
        for (const word of wordsOf(text.toLowerCase())) {
          expect(asked.has(word) || [...asked].some((w) => w.startsWith(word)), word).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
