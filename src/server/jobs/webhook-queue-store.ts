import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import { preparedRowsOf } from '../db/prepared';
import { attemptStatsCtes } from './webhook-stats-sql';
import { blockedSql, parkBlockedCte } from './endpoint-health-store';

/** A message a worker holds, with what delivering it needs from its endpoint and configuration. */
export interface ClaimedMessage {
  id: string;
  /** Claimed as a due rate-limit slot rather than from the backlog. */
  bySlot: boolean;
  payload: string;
  attemptCount: number;
  /** Its due time is a delivery slot already reserved under the endpoint's rate limit. */
  slotted: boolean;
  dueMs: number;
  endpointId: string;
  /** `advanced`, or a URL of the basic webhook service (`basic_raw`, `basic_processed`). */
  kind: 'advanced' | 'basic_raw' | 'basic_processed';
  apiKeyId: string;
  url: string;
  disabled: boolean;
  rateLimit: number | null;
  secretEnc: string;
  previousSecretEnc: string | null;
  previousExpiresMs: number | null;
  /** Advanced webhooks on, or for a basic URL the webhook service on. */
  enabled: boolean;
  /** Its endpoint's circuit is open (and it is not the probe) or the service disabled it: it waits. */
  blocked: boolean;
  encodeData: boolean;
  encryptData: boolean;
  publicKey: string;
  /** The basic service's sealed auth token ('' for none, and for advanced endpoints). */
  authTokenEnc: string;
}

/** What became of a held message; `attempt` is absent when no HTTP attempt was made. */
export interface MessageOutcome {
  id: string;
  claimId: string;
  endpointId: string;
  status: 'pending' | 'delivered' | 'failed';
  attemptCount: number;
  nextAttemptAt: Date | null;
  failureReason: string | null;
  attempt?: {
    at: Date;
    responseStatus: number | null;
    durationMs: number;
    responseBody: string;
    error: string | null;
  };
}

/** A held message handed back unsent, due again at `at`. */
export interface Release {
  id: string;
  claimId: string;
  at: Date;
  slotted: boolean;
}

const iso = (d: Date) => d.toISOString();

export interface Claim {
  id: string;
  horizon: Date;
  leaseEnd: Date;
  slots: number;
  backlog: number;
  /** Messages any one endpoint may still take from the backlog in this claim. */
  perEndpoint: number;
  /** Endpoints with less room than `perEndpoint` (messages already held): id → room left. */
  room: Readonly<Record<string, number>>;
}

/** Due messages looked at to fill the backlog, as a multiple of it: room-less endpoints are skipped. */
export const BACKLOG_SCAN_FACTOR = 4;

/**
 * Claims messages due by `horizon` in one statement (after its planner setting): up to `slots`
 * whose rate-limit slot came due, ahead of any backlog (a slot missed is a delivery the
 * endpoint's rate never gets back), then up to `backlog` more in due order, no more per endpoint
 * than it has room for. SKIP LOCKED lets any number of workers claim side by side without
 * waiting or taking the same row; moving the due time to the end of the lease keeps the row from
 * being claimed again while its attempt runs, and makes it due again by itself if the worker dies.
 */
export async function claimDue(
  db: Db,
  claim: Claim,
): Promise<{ messages: ClaimedMessage[]; parked: number }> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(claimPlanning);
    return preparedRowsOf<ClaimedMessage & { parked: number }>(tx, claimStatement(claim));
  });
  // One row even when nothing was claimed: it carries how many blocked messages were parked.
  return { messages: rows.filter((r) => r.id !== null), parked: rows[0]?.parked ?? 0 };
}

/**
 * The claim's planner setting, for its transaction (and for a test that plans it): no bitmap
 * scans. With statistics taken before a burst of messages (none pending then) the planner
 * expected a handful of due messages and read all of them through a bitmap of the due index to
 * sort them (222,000 in bench/backlog.ts), where the index gives them in due order and the claim
 * stops after a batch. The embedded database analyzes a table once it grew by a fifth,
 * autovacuum once a tenth of it changed: a burst is worked off long before. No sequential scans
 * either: with the claimed and the parked messages' updates in CTEs beside each other (so that
 * the statement answers how many it parked), PostgreSQL read a small queue's whole table for
 * them (4,522 rows for a claim of 250 at a queue of 1,000) instead of finding them by id.
 */
export const claimPlanning = sql`select set_config('enable_bitmapscan', 'off', true),
  set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`;

/**
 * Whether message `m`, found by id, is still pending and due (PostgreSQL checks it again on the
 * latest version of a row it locks: another worker may have claimed it meanwhile). A CASE, so
 * that it matches neither the due index nor its partial predicate: with the conditions written
 * out, a planner expecting few due messages looked the batch up through the due index, that is
 * through every due message (20,527 rows for a claim of 250 in a burst of 20,000).
 */
const stillDue = (horizon: string) =>
  sql`case when m.status = 'pending' then m.next_attempt_at <= ${horizon}::timestamptz else false end`;

/**
 * The claim statement, apart so that a test can check its plan (planned after claimPlanning).
 * Taking only what each endpoint has room for matters: messages claimed beyond it would be
 * handed straight back, a write per message per pass for nothing, which on a backlog of
 * thousands kept the worker writing without pause. The messages picked are looked up again (to lock, then to update) by an array of their
 * ids, not by a join: a join let the planner guess the batch's size and read the whole table for
 * it, twice a pass, and so a pass cost more the longer the queue (43,000 rows a claim of 250 at
 * a queue of 21,000; see webhook-pass-rows.test.ts).
 */
export function claimStatement(claim: Claim): SQL {
  const horizon = iso(claim.horizon);
  return sql`
    with slot as (
      select id, next_attempt_at from webhook_messages
      where status = 'pending' and slotted and next_attempt_at <= ${horizon}::timestamptz
      order by next_attempt_at
      limit ${claim.slots}
      for update skip locked
    ),
    due as (
      select d.id, d.endpoint_id, d.next_attempt_at, ${blockedSql(sql`d.id`)} as blocked
      from (
        select id, endpoint_id, next_attempt_at from webhook_messages
        where status = 'pending' and next_attempt_at <= ${horizon}::timestamptz
        order by next_attempt_at
        limit ${claim.backlog * BACKLOG_SCAN_FACTOR}
      ) d join webhook_endpoints e on e.id = d.endpoint_id
    ),
    ${parkBlockedCte(horizon)},
    ranked as (
      select id, row_number() over (partition by endpoint_id order by next_attempt_at, id) as n,
        coalesce((${JSON.stringify(claim.room)}::jsonb ->> endpoint_id)::int, ${claim.perEndpoint}) as room
      from due where not blocked
    ),
    backlog as (
      select m.id, m.next_attempt_at from webhook_messages m
      where m.id = any(array(select id from ranked where n <= room))
        and ${stillDue(horizon)}
        and m.id not in (select id from slot)
      order by m.next_attempt_at
      limit ${claim.backlog}
      for update of m skip locked
    ),
    picked as (
      select *, true as by_slot from slot union all select *, false from backlog
    ),
    claimed as (
    update webhook_messages m
    set next_attempt_at = ${iso(claim.leaseEnd)}::timestamptz, claim_id = ${claim.id}
    from picked, webhook_endpoints e
      left join webhook_configs c on c.api_key_id = e.api_key_id and e.kind = 'advanced'
      left join webhook_service_configs w on w.api_key_id = e.api_key_id and e.kind <> 'advanced'
    where m.id = any(array(select id from picked)) and m.id = picked.id and e.id = m.endpoint_id
    returning m.id, picked.by_slot as "bySlot", m.payload, m.attempt_count as "attemptCount", m.slotted,
      (extract(epoch from picked.next_attempt_at) * 1000)::float8 as "dueMs",
      e.id as "endpointId", e.kind, e.api_key_id as "apiKeyId", e.url, e.disabled,
      e.rate_limit as "rateLimit",
      e.secret_enc as "secretEnc", e.previous_secret_enc as "previousSecretEnc",
      (extract(epoch from e.previous_secret_expires_at) * 1000)::float8 as "previousExpiresMs",
      coalesce(c.is_enabled, w.use_webhook_service, false) as enabled,
      coalesce(c.encode_data, w.encode_data, false) as "encodeData",
      coalesce(c.encrypt_data, w.encrypt_data, false) as "encryptData",
      coalesce(c.public_key, w.public_key, '') as "publicKey",
      coalesce(w.auth_token_enc, '') as "authTokenEnc",
      ${blockedSql(sql`m.id`)} as blocked
    )
    select c.*, p.n as parked from (select count(*)::int as n from parked) p
      left join claimed c on true`;
}

/** Text as jsonb and PostgreSQL text can hold it: without U+0000 (a receiver may answer one). */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

/**
 * Records a batch of outcomes in one statement: the attempts into the log and the new state of
 * each message, but only while the worker still holds it (its claim was not taken over).
 */
export async function recordOutcomes(db: Db, outcomes: readonly MessageOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await preparedRowsOf(db, recordStatement(outcomes));
}

/**
 * The statement of recordOutcomes, apart so that a test can check its plan. Like every statement
 * of a batch of messages, it finds them by an array of their ids and nothing else: given a join,
 * the planner read the whole table to check which messages still exist, and every claimed row
 * (a pass's held messages, every claim a dead process left) to match the claims. `is not
 * distinct from` compares the claim (never null here) without letting the planner take the
 * partial index of claimed rows for it.
 */
export function recordStatement(outcomes: readonly MessageOutcome[]): SQL {
  const values = JSON.stringify(
    outcomes.map((o) => ({
      id: o.id,
      claim: o.claimId,
      status: o.status,
      attempts: o.attemptCount,
      next_at: o.nextAttemptAt ? iso(o.nextAttemptAt) : null,
      reason: storable(o.failureReason),
      attempted: o.attempt !== undefined,
      at: o.attempt ? iso(o.attempt.at) : null,
      http: o.attempt?.responseStatus ?? null,
      ms: o.attempt?.durationMs ?? null,
      body: storable(o.attempt?.responseBody ?? null),
      err: storable(o.attempt?.error ?? null),
    })),
  );
  return sql`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb) as v(
        id text, claim text, status text, attempts int, next_at timestamptz, reason text, attempted boolean,
        at timestamptz, http int, ms int, body text, err text)
    ),
    existing as (
      select id from webhook_messages where id = any(array(select id from v))
    ),
    logged as (
      insert into webhook_attempts
        (message_id, attempted_at, response_status, duration_ms, response_body, error)
      select v.id, v.at, v.http, v.ms, coalesce(v.body, ''), v.err from v
      where v.attempted and v.id in (select id from existing)
    )${attemptStatsCtes()}
    update webhook_messages m set
      status = v.status,
      attempt_count = v.attempts,
      next_attempt_at = coalesce(v.next_at, v.at, m.next_attempt_at),
      claim_id = null,
      slotted = false,
      failure_reason = v.reason,
      delivered_at = case when v.status = 'delivered' then v.at else m.delivered_at end
    from v
    where m.id = any(array(select id from v)) and m.id = v.id
      and m.claim_id is not distinct from v.claim`;
}

/** Hands held messages back unsent (rate-limit slot later, endpoint busy, worker stopping). */
export async function releaseClaims(db: Db, releases: readonly Release[]): Promise<void> {
  if (releases.length === 0) return;
  await preparedRowsOf(db, releaseStatement(releases));
}

/** The statement of releaseClaims, apart so that a test can check its plan (see recordStatement). */
export function releaseStatement(releases: readonly Release[]): SQL {
  const values = JSON.stringify(
    releases.map((r) => ({ id: r.id, claim: r.claimId, at: iso(r.at), slotted: r.slotted })),
  );
  return sql`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb)
        as v(id text, claim text, at timestamptz, slotted boolean)
    )
    update webhook_messages m set next_attempt_at = v.at, claim_id = null, slotted = v.slotted
    from v
    where m.id = any(array(select id from v)) and m.id = v.id
      and m.claim_id is not distinct from v.claim`;
}

/**
 * Reserves `count` consecutive delivery slots of a rate-limited endpoint, 1/rateLimit seconds
 * apart, starting no earlier than `now`. The single UPDATE serialises concurrent reservations on
 * the endpoint's row, so the limit holds across every worker process. Undefined when the
 * endpoint no longer has a rate limit (or no longer exists).
 */
export async function reserveSlots(
  db: Db,
  endpointId: string,
  count: number,
  now: Date,
): Promise<{ firstMs: number; intervalMs: number } | undefined> {
  const [row] = await preparedRowsOf<{ endMs: number; rateLimit: number }>(
    db,
    sql`
    update webhook_endpoints
    set next_slot_at = greatest(coalesce(next_slot_at, ${iso(now)}::timestamptz), ${iso(now)}::timestamptz)
      + make_interval(secs => ${count}::float8 / rate_limit)
    where id = ${endpointId} and rate_limit is not null
    returning (extract(epoch from next_slot_at) * 1000)::float8 as "endMs",
      rate_limit as "rateLimit"`,
  );
  if (!row) return undefined;
  const intervalMs = 1000 / row.rateLimit;
  return { firstMs: row.endMs - count * intervalMs, intervalMs };
}

/**
 * Frees every claim at start-up. Only for a database no other process can open (embedded
 * PGlite): any claim found then belongs to a process that died, and its messages are due now.
 */
export async function releaseAllClaims(db: Db, now: Date): Promise<number> {
  const released = await rowsOf<{ n: number }>(
    db,
    sql`
    with freed as (
      update webhook_messages set claim_id = null, next_attempt_at = ${iso(now)}::timestamptz
      where claim_id is not null and status = 'pending'
      returning 1
    )
    select count(*)::int as n from freed`,
  );
  return released[0]?.n ?? 0;
}

/**
 * The last resort when an outcome cannot be recorded: the message is failed, with a reason the
 * delivery log shows, instead of staying claimed and being attempted again and again when its
 * lease ends. Resend or Recover queue it again.
 */
export async function failUnrecordable(db: Db, outcome: MessageOutcome): Promise<void> {
  await db.execute(sql`
    update webhook_messages set status = 'failed', claim_id = null, slotted = false,
      attempt_count = ${outcome.attemptCount},
      failure_reason = 'The outcome of the latest attempt could not be recorded.'
    where id = ${outcome.id} and claim_id = ${outcome.claimId}`);
}
