import { describe, expect, it } from 'vitest';
import { COUNT_PAGE_SIZE, COUNT_PAGES, countText } from './count-matching';

describe('countText', () => {
  it('says the count, and "at least" when the count stopped at its cap', () => {
    expect(countText({ count: 1, capped: false })).toBe('1 notification');
    expect(countText({ count: 0, capped: false })).toBe('0 notifications');
    expect(countText({ count: COUNT_PAGES * COUNT_PAGE_SIZE, capped: true })).toBe(
      'at least 5000 notifications',
    );
  });
});
