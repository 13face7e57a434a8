import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-slots';

const keys = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `r${from + i}`);

describe('row slots', () => {
  it('numbers the first window from zero, and answers the same slots when asked again', () => {
    const slots = new RowSlots();
    expect(slots.assign(keys(0, 4))).toEqual([0, 1, 2, 3, 4]);
    expect(slots.assign(keys(0, 4))).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps a staying row in its slot and gives a row coming into view the one that left', () => {
    const slots = new RowSlots();
    slots.assign(keys(0, 4));
    // Scrolled by one row: r0 leaves at the top, r5 enters at the bottom in r0's element.
    expect(slots.assign(keys(1, 5))).toEqual([1, 2, 3, 4, 0]);
    // Scrolled back: r0 takes the element r5 leaves.
    expect(slots.assign(keys(0, 4))).toEqual([0, 1, 2, 3, 4]);
  });

  it('reuses every element for a jump to another screenful, and adds slots only as the window grows', () => {
    const slots = new RowSlots();
    slots.assign(keys(0, 4));
    const jumped = slots.assign(keys(5000, 5004));
    expect([...jumped].sort()).toEqual([0, 1, 2, 3, 4]);
    const grown = slots.assign(keys(5000, 5006));
    expect(grown.slice(0, 5)).toEqual(jumped);
    expect(grown.slice(5).sort()).toEqual([5, 6]);
    // Shrunk, then grown again: the window's slots stay as few as its rows.
    slots.assign(keys(5000, 5001));
    expect([...slots.assign(keys(9000, 9006))].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('never gives two rows of a window the same slot', () => {
    const slots = new RowSlots();
    let from = 0;
    for (let step = 0; step < 200; step += 1) {
      from = (from + ((step * 7919) % 23) - 9 + 1000) % 1000;
      const size = 3 + (step % 6);
      const answer = slots.assign(keys(from, from + size - 1));
      expect(new Set(answer).size).toBe(size);
      expect(Math.max(...answer)).toBeLessThan(8);
    }
  });
});
