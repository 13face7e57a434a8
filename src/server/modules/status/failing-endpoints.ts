import { type SQL, sql } from 'drizzle-orm';
import {
  type FailingEndpoint,
  MAX_COUNTED_FAILING_MESSAGES,
  MAX_FAILING_ENDPOINTS,
} from '#contract/status';
import type { Db } from '../../db/db';
import { rowsOf } from '../../db/transaction';

interface FailingRow {
  apiKeyId: string;
  endpointId: string;
  kind: FailingEndpoint['kind'];
  url: string;
  disabled: boolean;
  circuitOpen: boolean;
  failingSince: Date | null;
  lastFailure: string | null;
  updatedAt: Date;
  failingMessages: number;
  firstFailedAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
}

/**
 * The workspace's endpoints that do not deliver, each read along its own failed backlog:
 * - disabled (an advanced endpoint; a basic one is disabled when its URL is removed, not failing);
 * - its circuit open (the breaker's state on the endpoint's row, endpoint-health-store.ts);
 * - failing: messages waiting after a failed attempt (counted up to a bound).
 * Since when and the last error are the breaker's (its run of failures) where it has them, else
 * the oldest failed message's first and latest attempts.
 */
export function failingEndpointsStatement(workspaceId: string): SQL {
  const failed = sql`m.endpoint_id = e.id and m.status = 'pending' and m.attempt_count > 0`;
  return sql`select e.api_key_id as "apiKeyId", e.id as "endpointId", e.kind, e.url,
      e.disabled and e.kind = 'advanced' as disabled, e.circuit_opened_at is not null as "circuitOpen",
      e.failing_since as "failingSince", e.last_failure as "lastFailure", e.updated_at as "updatedAt",
      f.n as "failingMessages", first.at as "firstFailedAt",
      last.response_status as "lastStatus", last.error as "lastError"
    from api_keys k
    join webhook_endpoints e on e.api_key_id = k.id
    cross join lateral (
      select count(*)::int as n from (
        select 1 from webhook_messages m where ${failed} limit ${MAX_COUNTED_FAILING_MESSAGES}
      ) w
    ) f
    left join lateral (
      select m.id from webhook_messages m where ${failed} order by m.created_at, m.id limit 1
    ) oldest on true
    left join lateral (
      select min(a.attempted_at) as at from webhook_attempts a where a.message_id = oldest.id
    ) first on true
    left join lateral (
      select a.response_status, a.error from webhook_attempts a where a.message_id = oldest.id
      order by a.attempted_at desc limit 1
    ) last on true
    where k.workspace_id = ${workspaceId}
      and ((e.disabled and e.kind = 'advanced') or e.circuit_opened_at is not null or f.n > 0)
    order by coalesce(e.failing_since, first.at, e.updated_at), e.id
    limit ${MAX_FAILING_ENDPOINTS}`;
}

function lastErrorOf(row: FailingRow): string | null {
  if (row.lastFailure) return row.lastFailure;
  if (row.lastError) return row.lastError;
  return row.lastStatus === null ? null : `HTTP ${row.lastStatus}`;
}

/** The workspace's failing endpoints, longest failing first. */
export async function failingEndpoints(db: Db, workspaceId: string): Promise<FailingEndpoint[]> {
  const rows = await rowsOf<FailingRow>(db, failingEndpointsStatement(workspaceId));
  return rows.map((row) => ({
    apiKeyId: row.apiKeyId,
    endpointId: row.endpointId,
    kind: row.kind,
    url: row.url,
    state: row.disabled ? 'disabled' : row.circuitOpen ? 'circuit_open' : 'failing',
    since: new Date(row.failingSince ?? row.firstFailedAt ?? row.updatedAt).toISOString(),
    lastError: lastErrorOf(row),
    failingMessages: row.failingMessages,
  }));
}
