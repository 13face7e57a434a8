// Alternating rounds compare neighbours in time; run in one fixed order, whatever goes first in
// every round also goes first after the same neighbour (a warm cache, a database just vacuumed).
// data.ts in a fixed order read the young-generation change 3 % below its baseline's CPU per
// request; with the order reversed every other round, a fifth below (decision 177).
/** `items` in their order in odd rounds and reversed in even ones (A B, then B A). */
export function inRoundOrder<T>(items: readonly T[], round: number): T[] {
  return round % 2 === 1 ? [...items] : [...items].reverse();
}

/** Measures each item once, in `inRoundOrder`; answers the results by item. */
export async function measuredInRoundOrder<T, R>(
  items: readonly T[],
  round: number,
  measure: (item: T) => Promise<R>,
): Promise<Map<T, R>> {
  const results = new Map<T, R>();
  for (const item of inRoundOrder(items, round)) results.set(item, await measure(item));
  return results;
}
