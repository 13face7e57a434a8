/** Rows that PageUp and PageDown move by. */
export const PAGE_ROWS = 10;

/**
 * The row a key moves to in a grid of `count` rows, from row `index`, or undefined when the key
 * does not move between rows. Home and End go to the first and last loaded row.
 */
export function targetRow(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  const clamp = (target: number) => Math.min(last, Math.max(0, target));
  switch (key) {
    case 'ArrowDown':
      return clamp(index + 1);
    case 'ArrowUp':
      return clamp(index - 1);
    case 'PageDown':
      return clamp(index + PAGE_ROWS);
    case 'PageUp':
      return clamp(index - PAGE_ROWS);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

/** Whether the rows shown so far end close enough to the loaded end to ask for the next page. */
export function nearLoadedEnd(lastShown: number | undefined, count: number, margin = 10): boolean {
  return lastShown !== undefined && lastShown >= count - 1 - margin;
}
