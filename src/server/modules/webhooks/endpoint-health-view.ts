import { type SQL, sql } from 'drizzle-orm';
import type { EndpointHealth } from '#contract/endpoint-health';
import { webhookEndpoints } from '../../db/schema/webhooks-schema';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The endpoint's health as its answers carry it (the `health` extension field). */
export function endpointHealthView(row: EndpointRow): EndpointHealth {
  const open = row.circuitOpenedAt !== null;
  return {
    circuit: open ? 'open' : 'closed',
    failureCount: row.failureCount,
    lastFailure: row.lastFailure,
    lastFailureAt: isoOrNull(row.lastFailureAt),
    failingSince: isoOrNull(row.failingSince),
    openedAt: isoOrNull(row.circuitOpenedAt),
    nextProbeAt: open ? isoOrNull(row.nextProbeAt) : null,
    disabledReason: row.disabledReason,
    disabledAt: isoOrNull(row.disabledAt),
  };
}

/** What enabling resets of a disabled endpoint's health (an enabled one keeps it as it is). */
export type HealthResets = Partial<
  Record<
    | 'disabledReason'
    | 'disabledAt'
    | 'circuitOpenedAt'
    | 'probeMessageId'
    | 'nextProbeAt'
    | 'failingSince'
    | 'failureCount'
    | 'healthCheckAt',
    SQL
  >
>;

/**
 * Update Endpoint with `disabled: false` on a disabled endpoint: its circuit closes, the service's
 * reason goes, and its health check comes due at once, so that the messages that waited parked
 * flow again, oldest first (the worker's check, `jobs/endpoint-health.ts`). Written as SQL on the
 * row's state in the update itself, so that it applies only when the endpoint was disabled then.
 */
export function enableResets(now: Date): HealthResets {
  const e = webhookEndpoints;
  const whenDisabled = (value: SQL, otherwise: SQL) =>
    sql`case when ${e.disabled} then ${value} else ${otherwise} end`;
  const cleared = (column: SQL) => whenDisabled(sql`null`, column);
  return {
    disabledReason: cleared(sql`${e.disabledReason}`),
    disabledAt: cleared(sql`${e.disabledAt}`),
    circuitOpenedAt: cleared(sql`${e.circuitOpenedAt}`),
    probeMessageId: cleared(sql`${e.probeMessageId}`),
    nextProbeAt: cleared(sql`${e.nextProbeAt}`),
    failingSince: cleared(sql`${e.failingSince}`),
    failureCount: whenDisabled(sql`0`, sql`${e.failureCount}`),
    healthCheckAt: whenDisabled(sql`${now.toISOString()}::timestamptz`, sql`${e.healthCheckAt}`),
  };
}
