import { describe, expect, it } from 'vitest';
import { isoOf, localOf } from './time-range';

describe('time range values', () => {
  it('turns a local value into the instant and back, to the second', () => {
    const iso = isoOf('2026-03-05T07:08:09');
    expect(iso).toBe(new Date(2026, 2, 5, 7, 8, 9).toISOString());
    expect(localOf(iso)).toBe('2026-03-05T07:08:09');
  });

  it('reads an instant with an offset in the local clock', () => {
    const at = new Date('2026-11-26T01:30:00.000+02:00');
    expect(isoOf(localOf('2026-11-26T01:30:00.000+02:00'))).toBe(at.toISOString());
  });

  it('gives nothing for empty or broken values', () => {
    expect(isoOf('')).toBeUndefined();
    expect(isoOf('  ')).toBeUndefined();
    expect(isoOf('not a time')).toBeUndefined();
    expect(localOf(undefined)).toBe('');
    expect(localOf('yesterday')).toBe('');
  });
});
