import { describe, expect, it } from 'vitest';
import { PAGE_ROWS, nearLoadedEnd, targetRow } from './row-navigation';

describe('targetRow', () => {
  it('moves one row with the arrows and stops at both ends', () => {
    expect(targetRow('ArrowDown', 0, 3)).toBe(1);
    expect(targetRow('ArrowDown', 2, 3)).toBe(2);
    expect(targetRow('ArrowUp', 1, 3)).toBe(0);
    expect(targetRow('ArrowUp', 0, 3)).toBe(0);
  });

  it('jumps to the first and last loaded row, and by a page', () => {
    expect(targetRow('Home', 70, 100_000)).toBe(0);
    expect(targetRow('End', 3, 100_000)).toBe(99_999);
    expect(targetRow('PageDown', 5, 100)).toBe(5 + PAGE_ROWS);
    expect(targetRow('PageDown', 95, 100)).toBe(99);
    expect(targetRow('PageUp', 3, 100)).toBe(0);
  });

  it('leaves other keys, and an empty grid, alone', () => {
    expect(targetRow('Enter', 1, 3)).toBeUndefined();
    expect(targetRow('a', 1, 3)).toBeUndefined();
    expect(targetRow('ArrowDown', 0, 0)).toBeUndefined();
  });
});

describe('nearLoadedEnd', () => {
  it('asks for more once the shown rows come within the margin of the loaded end', () => {
    expect(nearLoadedEnd(undefined, 50)).toBe(false);
    expect(nearLoadedEnd(20, 50)).toBe(false);
    expect(nearLoadedEnd(39, 50)).toBe(true);
    expect(nearLoadedEnd(0, 1)).toBe(true);
  });
});
