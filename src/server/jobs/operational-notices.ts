import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry } from '#contract/audit-log';
import type { CatalogEventData } from '#contract/event-catalog';
import type { OperationalEventType } from '#contract/operational-events';
import { insertAuditEntry } from '../audit/audit-store';
import { newId } from '../crypto/secrets';
import type { DbOrTx } from '../db/transaction';
import { rowsOf } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import type { HealthChange } from './endpoint-health-store';

/** Who the audit log names for what the service did by itself. */
export const SYSTEM_ACTOR: AuditEntry['actor'] = {
  ip: '',
  userAgent: 'webhook delivery',
  credential: { kind: 'system', id: 'webhook-worker' },
};

/** The source of operational events in their payload (`api` for calls of the REST API). */
export const OPERATIONAL_SOURCE = 'service';

/** What the audit log calls each change. */
const auditActions = {
  opened: 'Webhook Endpoint Circuit Opened',
  recovered: 'Webhook Endpoint Recovered',
  disabled: 'Webhook Endpoint Disabled',
} as const;

/**
 * An operational event to put in the outbox, its `data` typed by the event-type catalog (an event
 * the catalog does not list does not compile).
 */
export type OperationalEvent = {
  [T in OperationalEventType]: {
    apiKeyId: string;
    type: T;
    /** The endpoint the event is about: it never receives it. */
    about: string;
    data: CatalogEventData<T>;
  };
}[OperationalEventType];

/** A message whose last attempt failed, as the exhaustion event tells it. */
export interface Exhausted {
  messageId: string;
  endpointId: string;
  attempts: number;
  lastAttemptAt: string;
  lastFailure: string | null;
}

/**
 * Writes operational events into the event outbox, each with the endpoints it matches now: the
 * key's advanced endpoints, enabled, with advanced webhooks on, whose `filterTypes` name the type
 * (an endpoint without a filter gets every event of the product, not these), other than the one
 * it is about (a dead receiver cannot hear of its own death). Channels do not apply: these events
 * belong to no organization. An event nobody matches is not written.
 */
export function operationalEventsStatement(events: readonly OperationalEvent[], now: Date): SQL {
  const rows = events.map((e, i) => ({
    ord: i,
    api_key_id: e.apiKeyId,
    type: e.type,
    about: e.about,
    data: JSON.stringify(e.data),
  }));
  return sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(ord int, api_key_id text, type text, about text, data text)
    ),
    written as (
      insert into events (api_key_id, type, channel, source, data, endpoint_ids, created_at)
      select v.api_key_id, v.type, null, ${OPERATIONAL_SOURCE}, v.data, matched.ids,
        ${now.toISOString()}::timestamptz
      from v cross join lateral (
        select array_agg(e.id order by e.id) as ids
        from webhook_endpoints e join webhook_configs c on c.api_key_id = e.api_key_id
        where e.api_key_id = v.api_key_id and e.kind = 'advanced' and not e.disabled
          and c.is_enabled and v.type = any(e.filter_types) and e.id <> v.about
      ) matched
      where matched.ids is not null
      order by v.ord
      returning 1
    )
    select count(*)::int as n from written`;
}

async function writeEvents(db: DbOrTx, events: readonly OperationalEvent[], now: Date) {
  if (events.length === 0) return 0;
  const [row] = await rowsOf<{ n: number }>(db, operationalEventsStatement(events, now));
  return row?.n ?? 0;
}

/** The event of each change of an advanced endpoint (the basic service's URLs have none). */
function changeEvents(changes: readonly HealthChange[], now: string): OperationalEvent[] {
  const events: OperationalEvent[] = [];
  for (const c of changes) {
    if (c.kind !== 'advanced') continue;
    const base = { apiKeyId: c.apiKeyId, about: c.endpointId };
    const endpoint = { endpointId: c.endpointId, url: c.url };
    if (c.opened) {
      events.push({
        ...base,
        type: 'endpoint.circuit_opened',
        data: {
          ...endpoint,
          openedAt: c.openedAt ?? now,
          failureCount: c.failureCount,
          lastFailure: c.lastFailure,
          nextProbeAt: c.nextProbeAt,
        },
      });
    }
    if (c.recovered) {
      events.push({
        ...base,
        type: 'endpoint.recovered',
        data: { ...endpoint, recoveredAt: now, openedAt: c.openedAt ?? now },
      });
    }
    if (c.disabled) {
      events.push({
        ...base,
        type: 'endpoint.disabled',
        data: {
          ...endpoint,
          reason: c.disabled,
          disabledAt: now,
          failingSince: c.failingSince,
          lastFailure: c.lastFailure,
        },
      });
    }
  }
  return events;
}

/** The exhaustion events of advanced endpoints' messages, with each message's event type. */
async function exhaustionEvents(
  db: DbOrTx,
  exhausted: readonly Exhausted[],
): Promise<OperationalEvent[]> {
  if (exhausted.length === 0) return [];
  const ids = JSON.stringify(exhausted.map((x) => x.messageId));
  const rows = await rowsOf<{ id: string; eventType: string; apiKeyId: string }>(
    db,
    sql`select m.id, m.event_type as "eventType", e.api_key_id as "apiKeyId"
      from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id
      where m.id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))
        and e.kind = 'advanced'`,
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  return exhausted.flatMap((x) => {
    const row = found.get(x.messageId);
    if (!row) return [];
    return [
      {
        apiKeyId: row.apiKeyId,
        type: 'message.attempt.exhausted' as const,
        about: x.endpointId,
        data: { ...x, eventType: row.eventType },
      },
    ];
  });
}

/** One audit entry per change, by the service itself, on the endpoint's key. */
async function auditChanges(db: DbOrTx, changes: readonly HealthChange[], now: Date) {
  for (const c of changes) {
    if (c.kind !== 'advanced') continue;
    for (const what of ['opened', 'recovered', 'disabled'] as const) {
      if (!c[what]) continue;
      const detail: AuditEntry['changes'] =
        what === 'disabled'
          ? {
              disabled: { from: false, to: true },
              disabledReason: { from: null, to: c.disabled },
              lastFailure: { from: null, to: c.lastFailure },
            }
          : {
              circuit: {
                from: what === 'opened' ? 'closed' : 'open',
                to: what === 'opened' ? 'open' : 'closed',
              },
            };
      await insertAuditEntry(db, {
        id: newId('aud'),
        workspaceId: c.workspaceId,
        at: now,
        apiKeyId: c.apiKeyId,
        action: auditActions[what],
        actor: SYSTEM_ACTOR,
        target: { apiKeyId: c.apiKeyId, endpointId: c.endpointId },
        changes: detail,
        summary: {},
        actorEmail: null,
      });
    }
  }
}

/** The events and audit entries of a batch's changes, in the caller's transaction. */
export async function recordNotices(
  db: DbOrTx,
  changes: readonly HealthChange[],
  exhausted: readonly Exhausted[],
  now: Date,
): Promise<number> {
  // A message's exhaustion first: the endpoint's change (say, disabled) follows from its attempt.
  const events = [
    ...(await exhaustionEvents(db, exhausted)),
    ...changeEvents(changes, now.toISOString()),
  ];
  await auditChanges(db, changes, now);
  return writeEvents(db, events, now);
}

/** The workspace's owner and admins who joined: those who may enable the endpoint again. */
async function recipients(db: DbOrTx, workspaceId: string): Promise<string[]> {
  const rows = await rowsOf<{ email: string }>(
    db,
    sql`select email from members where workspace_id = ${workspaceId}
      and (role = 'owner' or (role = 'admin' and joined_at is not null)) order by email`,
  );
  return rows.map((r) => r.email);
}

const reasonText = {
  failing: 'every delivery attempt to it has failed for too long',
  gone: 'it answered 410 Gone, which asks senders to stop',
} as const;

/**
 * E-mails the workspace's owner and admins that an endpoint was disabled, with a link to its page
 * (where "Enable and retry the backlog" is). Sent after the change committed; a failure to send
 * is logged, not retried: the console's banner and the event say the same.
 */
export async function mailDisabled(
  db: DbOrTx,
  mailer: Mailer,
  consoleUrl: string,
  changes: readonly HealthChange[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const c of changes) {
    if (!c.disabled || c.kind !== 'advanced') continue;
    const link = new URL(`/keys/${c.apiKeyId}/webhooks/${c.endpointId}`, consoleUrl).toString();
    const text = [
      `The webhook endpoint ${c.url} (${c.endpointId}) of API key ${c.apiKeyId} was disabled because ${reasonText[c.disabled]}.`,
      c.lastFailure ? `Its latest failure: ${c.lastFailure}.` : '',
      'Its undelivered messages are kept. Once the receiver works again, open the endpoint and choose "Enable and retry the backlog":',
      link,
    ]
      .filter((line) => line !== '')
      .join('\n\n');
    for (const to of await recipients(db, c.workspaceId)) {
      try {
        await mailer.send({ to, subject: `Webhook endpoint disabled: ${c.url}`, text, link });
      } catch (err) {
        log.error(
          { err, to, endpointId: c.endpointId },
          'e-mail about a disabled endpoint not sent',
        );
      }
    }
  }
}
