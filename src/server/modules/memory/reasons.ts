/** At most this many reasons per suggestion (DESIGN.md). */
export const MAX_TOP_REASONS = 5;
/**
 * Two reasons whose word sets overlap at least this much (Jaccard: shared words over all words)
 * say the same thing and are merged: "Within refund policy" and "within the refund policy."
 */
export const REASON_MERGE_SIMILARITY = 0.6;

/** A reason and the weight of the judgment that gave it. */
export interface WeightedReason {
  reason: string;
  weight: number;
}

const words = (reason: string): Set<string> =>
  new Set(
    reason
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0),
  );

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  const all = a.size + b.size - shared;
  return all === 0 ? 1 : shared / all;
}

interface Group {
  words: Set<string>;
  weight: number;
  count: number;
  /** The phrasing shown: the one of the heaviest judgment in the group. */
  label: string;
}

/**
 * The reasons most of the side's weight gives, similar ones merged, heaviest group first. The
 * input is taken in (weight desc, text) order, so the answer does not depend on the order in
 * which the judgments were added.
 */
export function topReasons(reasons: readonly WeightedReason[]): string[] {
  const ordered = reasons
    .map((r) => ({ ...r, reason: r.reason.trim() }))
    .filter((r) => r.reason.length > 0)
    .sort((a, b) => b.weight - a.weight || a.reason.localeCompare(b.reason));
  const groups: Group[] = [];
  for (const r of ordered) {
    const own = words(r.reason);
    const group = groups.find((g) => jaccard(g.words, own) >= REASON_MERGE_SIMILARITY);
    if (group) {
      group.weight += r.weight;
      group.count += 1;
    } else {
      groups.push({ words: own, weight: r.weight, count: 1, label: r.reason });
    }
  }
  return groups
    .sort((a, b) => b.count - a.count || b.weight - a.weight || a.label.localeCompare(b.label))
    .slice(0, MAX_TOP_REASONS)
    .map((g) => g.label);
}
