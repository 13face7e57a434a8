import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('reads milliseconds, seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(59_999)).toBe('59.9 s');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_600_000)).toBe('1 h');
    expect(formatDuration(3 * 3_600_000 + 2 * 60_000 + 5_000)).toBe('3 h 2 min');
  });

  it('shows a dash for what cannot be a duration', () => {
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});
