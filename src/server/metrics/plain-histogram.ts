import { Histogram, type Registry } from 'prom-client';

/** Durations observed as plain numbers: what a prom-client histogram renders, without its work. */
export interface PlainFigures {
  /** Observations per bucket (not cumulative): index i counts values in (bounds[i-1], bounds[i]]. */
  buckets: number[];
  sum: number;
  count: number;
}

export function plainFigures(bounds: readonly number[]): PlainFigures {
  return { buckets: bounds.map(() => 0), sum: 0, count: 0 };
}

/** Adds one observation of `value` to `f`. */
export function observeInto(f: PlainFigures, bounds: readonly number[], value: number): void {
  f.count += 1;
  f.sum += value;
  for (let i = 0; i < bounds.length; i++) {
    if (value <= (bounds[i] ?? 0)) {
      f.buckets[i] = (f.buckets[i] ?? 0) + 1;
      break;
    }
  }
}

/** A series' lines as prom-client's own histogram gives them to the registry: `le` per line. */
export function histogramLines(
  name: string,
  bounds: readonly number[],
  f: PlainFigures,
  sharedLabels: Record<string, string>,
) {
  const bucket = `${name}_bucket`;
  const values = [];
  let below = 0;
  for (const [i, le] of bounds.entries()) {
    below += f.buckets[i] ?? 0;
    values.push({ labels: { le }, sharedLabels, value: below, metricName: bucket });
  }
  values.push(
    { labels: { le: '+Inf' }, sharedLabels, value: f.count, metricName: bucket },
    { labels: {}, sharedLabels, value: f.sum, metricName: `${name}_sum` },
    { labels: {}, sharedLabels, value: f.count, metricName: `${name}_count` },
  );
  return values;
}

/**
 * A histogram without labels whose observations add to plain numbers, rendered only when
 * scraped. prom-client's `observe` builds and checks a label object, hashes it and turns the
 * bucket's bound into a string on every call; a write observes each of its statements.
 */
export class PlainHistogram {
  private readonly figures: PlainFigures;

  constructor(
    registry: Registry,
    name: string,
    help: string,
    private readonly bounds: readonly number[],
  ) {
    const figures = plainFigures(bounds);
    this.figures = figures;
    new (class extends Histogram {
      getForPromString() {
        const values = histogramLines(name, bounds, figures, {});
        return { name, help, type: 'histogram', values, aggregator: 'sum' };
      }
    })({ name, help, buckets: [...bounds], registers: [registry] });
  }

  observe(value: number): void {
    observeInto(this.figures, this.bounds, value);
  }
}
