import fc from 'fast-check';

/**
 * Random cases for the memory's HTTP property tests: fast-check draws a seed per run, and this
 * generator turns it into judgments. Through HTTP every run costs a workspace, so the cases are
 * drawn from a seed rather than shrunk: a failure reports the seed (and fast-check's replay path),
 * which replays it.
 */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** The next number in [0, 1): mulberry32. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A copy in random order (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}

/** Runs `property` on `runs` seeds drawn by fast-check; a failure names the seed. */
export async function forAllSeeds(
  runs: number,
  property: (random: Random) => void | Promise<void>,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 0x7fffffff }), async (seed) => {
      await property(new Random(seed));
    }),
    { numRuns: runs },
  );
}
