import { z } from 'zod';
import { endpoint } from './endpoint';
import { idRef } from './ids';
import { webhookServiceTargetSchema } from './webhook-service';

/**
 * Per-endpoint delivery figures (DESIGN.md § Operations): attempts, success rate, latency
 * percentiles and status codes over the last 24 hours and 7 days, with a series for a chart. The
 * service keeps them per endpoint and hour as it records attempts; latency is kept as a histogram
 * over these bounds.
 */

/**
 * The lower bounds of the latency histogram's buckets, in milliseconds: bucket i holds durations
 * from LATENCY_BOUNDS_MS[i] up to (not including) the next bound; the last holds everything from
 * 15 s, the delivery timeout. About a quarter to a half of a value apart above 5 ms, 1 ms below.
 */
export const LATENCY_BOUNDS_MS = [
  0, 1, 2, 3, 4, 5, 7, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500,
  2000, 3000, 4000, 5000, 7500, 10_000, 15_000,
] as const;

/** The bucket of a duration: the last bound at or below it. */
export function latencyBucket(durationMs: number): number {
  let i = 0;
  while (i + 1 < LATENCY_BOUNDS_MS.length && (LATENCY_BOUNDS_MS[i + 1] ?? 0) <= durationMs) i++;
  return i;
}

/**
 * The `p` quantile (0 < p ≤ 1) of a histogram by nearest rank, as the upper edge of the bucket
 * that holds it: the true value is below it and at or above the bucket's lower bound. The last
 * bucket has no upper edge: its lower bound, 15 s, is answered. Null for an empty histogram.
 */
export function latencyPercentile(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [i, count] of histogram.entries()) {
    seen += count;
    if (seen >= rank) return LATENCY_BOUNDS_MS[i + 1] ?? LATENCY_BOUNDS_MS[i] ?? null;
  }
  return null;
}

const count = z.number().int().nonnegative();
const percentile = z.number().int().nullable();

export const statsPointSchema = z.object({
  /** The start of the point's span; it lasts the window's `pointMinutes`. */
  from: z.iso.datetime(),
  attempts: count,
  successes: count,
  /** Milliseconds, an upper bound (see latencyBoundsMs); null without attempts. */
  p50Ms: percentile,
  p99Ms: percentile,
});
export type StatsPoint = z.infer<typeof statsPointSchema>;

export const statsWindowSchema = z.object({
  /** The window is [from, to): whole hours, the last the one under way. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  attempts: count,
  /** Attempts answered 2xx in time. */
  successes: count,
  /** successes / attempts, 0 to 1; null without attempts. */
  successRate: z.number().nullable(),
  p50Ms: percentile,
  p99Ms: percentile,
  /** Attempts per HTTP status answered, `null` for no answer (refused, unreachable, timed out). */
  statusCounts: z.array(z.object({ status: z.number().int().nullable(), count })),
  pointMinutes: z.number().int(),
  /** Oldest first, every span of the window, with or without attempts. */
  series: z.array(statsPointSchema),
});
export type StatsWindow = z.infer<typeof statsWindowSchema>;

export const statsFiguresSchema = z.object({
  /** LATENCY_BOUNDS_MS: the resolution of the percentiles. */
  latencyBoundsMs: z.array(z.number().int()),
  last24h: statsWindowSchema,
  last7d: statsWindowSchema,
});
export type StatsFigures = z.infer<typeof statsFiguresSchema>;

export const webhookStatsSchema = statsFiguresSchema.extend({ endpointId: z.string() });
export type WebhookStats = z.infer<typeof webhookStatsSchema>;

export const getAdvancedWebhookEndpointStats = endpoint({
  name: 'Get Advanced Webhook Endpoint Stats',
  path: '/v2/workspace/advancedwebhook/endpoints/stats/get',
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: z.object({ endpointId: idRef() }),
  data: webhookStatsSchema,
  errors: ['INVALID_ARGUMENT'],
});

export const getWebhookServiceStats = endpoint({
  name: 'Get Webhook Service Stats',
  path: '/v2/workspace/webhookconfig/stats/get',
  auth: 'apiKey',
  area: 'webhooks',
  envelope: 'A',
  extension: true,
  request: z
    .object({
      /** Which URL's figures: rawNotificationUrl (events) or processedNotificationUrl. */
      target: webhookServiceTargetSchema.optional(),
    })
    .prefault({}),
  // A key that never set the URL has figures of nothing.
  data: statsFiguresSchema.extend({ target: webhookServiceTargetSchema }),
  errors: ['INVALID_ARGUMENT'],
});
