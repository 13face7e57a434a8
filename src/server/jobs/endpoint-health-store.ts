import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { type DbOrTx, rowsOf } from '../db/transaction';
import { preparedRowsOf } from '../db/prepared';

/**
 * Parked: a pending message waiting behind an open circuit or a disabled endpoint. Its due time
 * is 'infinity', so it stays out of the due order the claim reads (`next_attempt_at <= horizon`
 * never holds for it), and every place that compares due times leaves it out as it is; it keeps
 * its attempt count. `webhook_messages_parked_idx` holds the parked messages of each endpoint in
 * creation order, the order they flow back in.
 */
export const PARKED = sql`'infinity'::timestamptz`;

/** Messages made due again per statement when a backlog flows back (the embedded database runs on the event loop). */
export const DRAIN_BATCH = 500;
/** The pace of a backlog flowing back when its endpoint has no rate limit: deliveries per second. */
export const DRAIN_RATE = 1000;

const iso = (d: Date) => d.toISOString();

/**
 * Whether the message `id` of endpoint `e` (the alias a statement gives the endpoint) must wait:
 * the service disabled the endpoint, or its circuit is open and the message is not the probe.
 */
export function blockedSql(id: SQL): SQL {
  return sql`(e.disabled_reason is not null
    or (e.circuit_opened_at is not null and ${id} is distinct from e.probe_message_id))`;
}

/**
 * Common table expressions of the claim (after its `due`, which flags the blocked messages it
 * read) that park those: each is written once, when the claim first meets it in the due order,
 * and never read again while it waits. Locked rows are skipped (another worker has them); a row
 * claimed meanwhile is no longer due (its lease moved its due time).
 */
export function parkBlockedCte(horizon: string): SQL {
  return sql`to_park as (
      select m.id from webhook_messages m
      where m.id = any(array(select id from due where blocked))
        and case when m.status = 'pending' then m.next_attempt_at <= ${horizon}::timestamptz else false end
      for update of m skip locked
    ),
    parked as (
      update webhook_messages m set next_attempt_at = ${PARKED}, claim_id = null, slotted = false
      where m.id = any(array(select id from to_park))
      returning 1
    )`;
}

/** Parks messages a worker holds (claimed as due rate-limit slots) whose endpoint turned blocked. */
export async function parkClaimed(
  db: Db,
  held: readonly { id: string; claimId: string }[],
): Promise<void> {
  if (held.length === 0) return;
  await preparedRowsOf(db, parkClaimedStatement(held));
}

export function parkClaimedStatement(held: readonly { id: string; claimId: string }[]): SQL {
  const values = JSON.stringify(held.map((h) => ({ id: h.id, claim: h.claimId })));
  return sql`
    with v as (select * from jsonb_to_recordset(${values}::jsonb) as v(id text, claim text))
    update webhook_messages m set next_attempt_at = ${PARKED}, claim_id = null, slotted = false
    from v
    where m.id = any(array(select id from v)) and m.id = v.id
      and m.claim_id is not distinct from v.claim`;
}

/** One endpoint's attempts of a batch of outcomes, in the order they finished. */
export interface HealthSummary {
  endpointId: string;
  /** An attempt succeeded: the counts below are those after the latest success. */
  succeeded: boolean;
  failures: number;
  firstFailureAt: string | null;
  lastFailure: string | null;
  lastFailureAt: string | null;
  /** A `410 Gone` after the latest success. */
  gone: boolean;
  /** The messages that failed and are retried, after the latest success, in order. */
  failedIds: string[];
  /** The latest failed message still pending (a probe if the circuit opens), with its due time. */
  candidate: string | null;
  candidateAt: string | null;
  /** The outcome of every message of the batch: the probe's is among them. */
  messages: { id: string; status: string; nextAt: string | null }[];
}

export interface HealthSettings {
  /** Consecutive failures that open a circuit; 0: never. */
  breakerFailures: number;
  /** Continuous failure after which an advanced endpoint is disabled; 0: never. */
  disableAfterMs: number;
  /** When an exhausted probe's successor is due: the schedule's longest delay. */
  probeAfterMs: number;
}

/** An endpoint's state after a batch of its attempts, with what changed. */
export interface HealthChange {
  endpointId: string;
  apiKeyId: string;
  workspaceId: string;
  kind: string;
  url: string;
  opened: boolean;
  recovered: boolean;
  disabled: 'failing' | 'gone' | null;
  /** The probe's attempts ran out: the worker picks the next one. */
  probeExhausted: boolean;
  failureCount: number;
  lastFailure: string | null;
  failingSince: string | null;
  /** When the circuit opened (now, or before the batch for a recovery). */
  openedAt: string | null;
  nextProbeAt: string | null;
}

/**
 * Moves each endpoint's failure count, circuit and disabled state on by a batch of its attempts,
 * in one statement. The rows are locked first and read as they are then, so that workers of
 * several processes recording outcomes of the same endpoint each see the other's change, and
 * each transition (opened, recovered, disabled) is reported by exactly one of them.
 */
export async function recordHealth(
  db: DbOrTx,
  summaries: readonly HealthSummary[],
  now: Date,
  settings: HealthSettings,
): Promise<HealthChange[]> {
  if (summaries.length === 0) return [];
  return rowsOf<HealthChange>(db, healthStatement(summaries, now, settings));
}

export function healthStatement(
  summaries: readonly HealthSummary[],
  now: Date,
  settings: HealthSettings,
): SQL {
  const at = sql`${iso(now)}::timestamptz`;
  const threshold = settings.breakerFailures;
  const disableBefore = sql`${iso(new Date(now.getTime() - settings.disableAfterMs))}::timestamptz`;
  const probeAt = sql`${iso(new Date(now.getTime() + settings.probeAfterMs))}::timestamptz`;
  return sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(summaries)}::jsonb) as v(
        "endpointId" text, succeeded boolean, failures int, "firstFailureAt" timestamptz,
        "lastFailure" text, "lastFailureAt" timestamptz, gone boolean, "failedIds" text[],
        candidate text, "candidateAt" timestamptz, messages jsonb)
    ),
    o as (
      select e.id, e.api_key_id, e.kind, e.url, e.disabled, e.disabled_reason, e.failure_count,
        e.failing_since, e.circuit_opened_at, e.probe_message_id, e.next_probe_at,
        e.health_check_at, e.recent_failures
      from webhook_endpoints e join v on v."endpointId" = e.id
      where e.id = any(array(select "endpointId" from v))
        -- A healthy endpoint whose attempts all succeeded has nothing to change: its row is
        -- neither locked nor written (busy endpoints' batches, from every process).
        and (not v.succeeded or v.failures > 0 or e.failure_count > 0
          or e.circuit_opened_at is not null)
      -- Locked in ID order, as the fan-out takes them: in the plan's order, two processes
      -- recording batches of the same endpoints could each hold one the other waits for.
      order by e.id
      for update of e
    ),
    probe as (
      select o.id, x.status, x."nextAt"
      from o join v on v."endpointId" = o.id
      cross join lateral jsonb_to_recordset(v.messages) as x(id text, status text, "nextAt" timestamptz)
      where x.id = o.probe_message_id
    ),
    counted as (
      select o.*, v.succeeded, v.gone, v.candidate, v."candidateAt", v."lastFailure" as last,
        v."lastFailureAt" as last_at, p.status as probe_status, p."nextAt" as probe_next,
        case when v.succeeded then v.failures else o.failure_count + v.failures end as failures,
        case when v.succeeded then v."failedIds"
          else o.recent_failures || v."failedIds" end as recent,
        case when v.succeeded then v."firstFailureAt"
          else coalesce(o.failing_since, v."firstFailureAt") end as since
      from o join v on v."endpointId" = o.id left join probe p on p.id = o.id
    ),
    decided as (
      select c.*,
        c.circuit_opened_at is not null and not c.succeeded as stays_open,
        (c.circuit_opened_at is null or c.succeeded) and ${threshold}::int > 0
          and c.failures >= ${threshold}::int as opens,
        c.circuit_opened_at is not null and c.succeeded as recovers,
        case when c.kind <> 'advanced' or c.disabled or c.disabled_reason is not null then null
          when c.gone then 'gone'
          when ${settings.disableAfterMs}::float8 > 0 and c.since <= ${disableBefore} then 'failing'
        end as disables
      from counted c
    ),
    next as (
      select d.*,
        d.stays_open and d.probe_status = 'failed' as probe_exhausted,
        case when d.stays_open then d.circuit_opened_at when d.opens then ${at} end as opened_at,
        case
          when d.stays_open and d.probe_status = 'failed' then null
          when d.stays_open then d.probe_message_id
          when d.opens then d.candidate
        end as probe_id,
        case
          when d.stays_open and d.probe_status = 'failed' then ${probeAt}
          when d.stays_open then coalesce(d.probe_next, d.next_probe_at)
          when d.opens then coalesce(d."candidateAt", ${probeAt})
        end as probe_at
      from decided d
    ),
    -- Messages that failed before the circuit opened (or while it is open, attempts that were
    -- under way) wait with the rest, rather than on their own retry schedule.
    waits as (
      select unnest(n.recent) as id, n.probe_id from next n
      where n.opens or n.stays_open or n.disables is not null
    ),
    parked as (
      update webhook_messages m set next_attempt_at = ${PARKED}, slotted = false
      from waits w
      where m.id = any(array(select id from waits)) and m.id = w.id
        and m.id is distinct from w.probe_id
        -- A CASE, so that the planner finds them by id, not through the partial due index.
        and case when m.status = 'pending' then m.claim_id is null else false end
      returning 1
    )
    update webhook_endpoints e set
      failure_count = n.failures,
      recent_failures = case when n.opens or n.stays_open or ${threshold}::int = 0 then '{}'::text[]
        else n.recent[greatest(cardinality(n.recent) - ${threshold}::int + 1, 1):] end,
      failing_since = n.since,
      last_failure = coalesce(n.last, e.last_failure),
      last_failure_at = coalesce(n.last_at, e.last_failure_at),
      circuit_opened_at = n.opened_at,
      probe_message_id = n.probe_id,
      next_probe_at = n.probe_at,
      disabled = e.disabled or n.disables is not null,
      disabled_reason = coalesce(n.disables, e.disabled_reason),
      disabled_at = case when n.disables is not null then ${at} else e.disabled_at end,
      updated_at = case when n.disables is not null then ${at} else e.updated_at end,
      -- The worker looks again: to let a recovered backlog flow, or to pick the next probe.
      health_check_at = case
        when n.recovers and not n.opens then ${at}
        when n.probe_exhausted or (n.opens and n.probe_id is null) then ${at}
        else e.health_check_at end
    from next n
    where e.id = n.id
    returning e.id as "endpointId", e.api_key_id as "apiKeyId",
      (select k.workspace_id from api_keys k where k.id = e.api_key_id) as "workspaceId",
      e.kind, e.url, n.opens and not n.stays_open as opened,
      n.recovers and not n.opens as recovered, n.disables as disabled,
      n.probe_exhausted as "probeExhausted", e.failure_count as "failureCount",
      e.last_failure as "lastFailure", to_char(e.failing_since at time zone 'UTC', ${ISO_FORMAT}) as "failingSince",
      to_char(coalesce(e.circuit_opened_at, n.circuit_opened_at) at time zone 'UTC', ${ISO_FORMAT}) as "openedAt",
      to_char(e.next_probe_at at time zone 'UTC', ${ISO_FORMAT}) as "nextProbeAt"`;
}

/** A timestamp as the contract's ISO text, in UTC with milliseconds. */
const ISO_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.MS"Z"`;

/** An endpoint whose health the worker looks at now. */
export interface HealthCheck {
  id: string;
  /** Closed and enabled: its parked backlog flows back. */
  flowing: boolean;
  /** Open without a probe: the next one is picked. */
  needsProbe: boolean;
  nextProbeAt: string | null;
}

/** Endpoints whose health check came due, oldest first, along `webhook_endpoints_health_idx`. */
export function healthChecksStatement(now: Date, limit: number): SQL {
  return sql`
    select id,
      circuit_opened_at is null and disabled_reason is null and not disabled as flowing,
      circuit_opened_at is not null and probe_message_id is null and disabled_reason is null
        and not disabled as "needsProbe",
      to_char(next_probe_at at time zone 'UTC', ${ISO_FORMAT}) as "nextProbeAt"
    from webhook_endpoints
    where health_check_at <= ${iso(now)}::timestamptz
    order by health_check_at
    limit ${limit}`;
}

export async function dueHealthChecks(db: Db, now: Date, limit: number): Promise<HealthCheck[]> {
  return rowsOf<HealthCheck>(db, healthChecksStatement(now, limit));
}

/**
 * Makes the next `DRAIN_BATCH` parked messages of a recovered endpoint due, oldest first, spaced
 * at its rate limit (or `DRAIN_RATE`) from now so that they are claimed in creation order, and
 * moves its health check to when that batch will have been sent. Only the worker whose update
 * of the endpoint's check time wins takes the batch; another one meanwhile finds it not due.
 */
export function unparkStatement(endpointId: string, now: Date): SQL {
  const at = sql`${iso(now)}::timestamptz`;
  const spacingMs = sql`(1000.0 / coalesce((select rate_limit from e), ${DRAIN_RATE}))`;
  return sql`
    with e as (
      update webhook_endpoints
      set health_check_at = ${at} + make_interval(secs => ${DRAIN_BATCH} / coalesce(rate_limit, ${DRAIN_RATE})::float8)
      where id = ${endpointId} and health_check_at <= ${at}
        and circuit_opened_at is null and disabled_reason is null and not disabled
      returning id, rate_limit
    ),
    picked as (
      select m.id, m.created_at from webhook_messages m
      where m.endpoint_id = (select id from e) and m.status = 'pending'
        and m.next_attempt_at = ${PARKED}
      order by m.created_at, m.id
      limit ${DRAIN_BATCH}
      for update of m skip locked
    ),
    numbered as (
      select id, row_number() over (order by created_at, id) - 1 as n from picked
    ),
    moved as (
      update webhook_messages m
      set next_attempt_at = ${at} + make_interval(secs => numbered.n * ${spacingMs} / 1000.0)
      from numbered
      where m.id = any(array(select id from numbered)) and m.id = numbered.id
      returning 1
    )
    select (select count(*) from e)::int as took, (select count(*) from moved)::int as moved`;
}

export async function unparkBatch(
  db: Db,
  endpointId: string,
  now: Date,
): Promise<{ took: number; moved: number }> {
  const [row] = await rowsOf<{ took: number; moved: number }>(db, unparkStatement(endpointId, now));
  return row ?? { took: 0, moved: 0 };
}

/**
 * Ends an endpoint's health check once nothing of it is parked. The endpoint's row is locked
 * first (FOR UPDATE), and the parked messages counted after, in a statement of their own: a
 * fan-out that parked a message for it (having read it as still flowing) holds a key-share lock
 * on the row until it commits, so its message is seen here and not left parked for ever.
 */
export async function finishHealthCheck(db: Db, endpointId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from webhook_endpoints where id = ${endpointId} for update`);
    await tx.execute(sql`
      update webhook_endpoints set health_check_at = case
        when exists (select 1 from webhook_messages m where m.endpoint_id = ${endpointId}
          and m.status = 'pending' and m.next_attempt_at = ${PARKED}) then ${iso(now)}::timestamptz
        end
      where id = ${endpointId}`);
  });
}

/**
 * Makes the oldest parked message of an open endpoint its probe, due at `at`; none while nothing
 * is parked (the check is then looked at again a minute later, when new messages may have come).
 */
export function pickProbeStatement(endpointId: string, at: Date, now: Date): SQL {
  const probeAt = sql`${iso(at)}::timestamptz`;
  return sql`
    with probe as (
      select m.id from webhook_messages m
      where m.endpoint_id = ${endpointId} and m.status = 'pending' and m.next_attempt_at = ${PARKED}
      order by m.created_at, m.id
      limit 1
      for update of m skip locked
    ),
    e as (
      update webhook_endpoints
      set probe_message_id = (select id from probe), next_probe_at = ${probeAt},
        health_check_at = case when exists (select 1 from probe) then null
          else ${iso(new Date(now.getTime() + 60_000))}::timestamptz end
      where id = ${endpointId} and circuit_opened_at is not null and probe_message_id is null
        and health_check_at <= ${iso(now)}::timestamptz
      returning probe_message_id
    )
    update webhook_messages m set next_attempt_at = ${probeAt}
    where m.id = (select probe_message_id from e)`;
}

export async function pickProbe(db: Db, endpointId: string, at: Date, now: Date): Promise<void> {
  await db.execute(pickProbeStatement(endpointId, at, now));
}

/** An endpoint that needs no look (disabled, or open with its probe): its check ends. */
export async function dropHealthCheck(db: Db, endpointId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update webhook_endpoints set health_check_at = null
    where id = ${endpointId} and health_check_at <= ${iso(now)}::timestamptz`);
}
