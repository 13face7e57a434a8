/**
 * Random cases for the memory's property tests, from a seed: fast-check is not among the
 * project's dependencies (and none may be added), so a seeded generator stands in. A failing run
 * names its seed, which replays it.
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

/** Runs `property` on `runs` seeds; a failure says which seed to replay. */
export async function forAllSeeds(
  runs: number,
  property: (random: Random) => void | Promise<void>,
  firstSeed = 1,
): Promise<void> {
  for (let seed = firstSeed; seed < firstSeed + runs; seed++) {
    try {
      await property(new Random(seed));
    } catch (err) {
      throw new Error(`property failed for seed ${seed}: ${String(err)}`, { cause: err });
    }
  }
}
