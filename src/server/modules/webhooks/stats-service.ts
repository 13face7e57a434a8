import type { WebhookServiceTarget } from '#contract/webhook-service';
import {
  LATENCY_BOUNDS_MS,
  type StatsFigures,
  type StatsPoint,
  type StatsWindow,
  type WebhookStats,
  latencyPercentile,
} from '#contract/webhook-stats';
import type { Services } from '../../services';
import { requireEndpoint } from './endpoint-service';
import { readBasicTargets } from './service-config-store';
import { type StatsRow, readStats } from './stats-store';

const HOUR_MS = 60 * 60 * 1000;

interface Tally {
  attempts: number;
  successes: number;
  latency: number[];
}

const emptyTally = (): Tally => ({
  attempts: 0,
  successes: 0,
  latency: LATENCY_BOUNDS_MS.map(() => 0),
});

function add(tally: Tally, row: StatsRow): void {
  tally.attempts += row.attempts;
  tally.successes += row.successes;
  for (const [i, n] of row.latency.entries()) tally.latency[i] = (tally.latency[i] ?? 0) + n;
}

const percentiles = (t: Tally) => ({
  p50Ms: latencyPercentile(t.latency, 0.5),
  p99Ms: latencyPercentile(t.latency, 0.99),
});

/**
 * A window of `hours` whole hours ending with the current one, in points of `pointHours` each:
 * the rows of its hours summed, in total, per point and per status.
 */
function windowOf(
  rows: readonly StatsRow[],
  endMs: number,
  hours: number,
  pointHours: number,
): StatsWindow {
  const fromMs = endMs - hours * HOUR_MS;
  const total = emptyTally();
  const points = Array.from({ length: hours / pointHours }, emptyTally);
  const byStatus = new Map<number, number>();
  for (const row of rows) {
    if (row.hourMs < fromMs || row.hourMs >= endMs) continue;
    add(total, row);
    const point = points[Math.floor((row.hourMs - fromMs) / (pointHours * HOUR_MS))];
    if (point) add(point, row);
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.attempts);
  }
  const series: StatsPoint[] = points.map((p, i) => ({
    from: new Date(fromMs + i * pointHours * HOUR_MS).toISOString(),
    attempts: p.attempts,
    successes: p.successes,
    ...percentiles(p),
  }));
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(endMs).toISOString(),
    attempts: total.attempts,
    successes: total.successes,
    successRate: total.attempts === 0 ? null : total.successes / total.attempts,
    ...percentiles(total),
    statusCounts: [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => ({ status: status === 0 ? null : status, count })),
    pointMinutes: pointHours * 60,
    series,
  };
}

/**
 * The figures of one endpoint (advanced, or a basic webhook-service URL) over the last 24 hours
 * (hourly points) and 7 days (6-hourly points): whole hours on the service clock, the last the
 * one under way. One read of at most 168 hours' rows of the figures kept as attempts are recorded.
 */
export async function statsOf(s: Services, endpointId: string): Promise<StatsFigures> {
  const endMs = Math.floor(s.clock().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  const rows = await readStats(s.db, endpointId, new Date(endMs - 168 * HOUR_MS), new Date(endMs));
  return {
    latencyBoundsMs: [...LATENCY_BOUNDS_MS],
    last24h: windowOf(rows, endMs, 24, 1),
    last7d: windowOf(rows, endMs, 168, 6),
  };
}

export async function endpointStats(
  s: Services,
  apiKeyId: string,
  endpointId: string,
): Promise<WebhookStats> {
  const endpoint = await requireEndpoint(s, apiKeyId, endpointId);
  return { endpointId: endpoint.id, ...(await statsOf(s, endpoint.id)) };
}

/** The figures of the basic webhook service's raw (default) or processed URL. */
export async function serviceStats(
  s: Services,
  apiKeyId: string,
  target: WebhookServiceTarget = 'raw',
) {
  const kind = target === 'processed' ? 'basic_processed' : 'basic_raw';
  const row = (await readBasicTargets(s.db, apiKeyId))[kind];
  // A URL never set has no row, and no figures: an id no row has reads none.
  return { target, ...(await statsOf(s, row?.id ?? `none:${apiKeyId}`)) };
}
