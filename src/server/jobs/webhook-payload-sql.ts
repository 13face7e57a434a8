import { type SQL, sql } from 'drizzle-orm';

/** Names the side that emits the events: this service (the hosted product's SDK would be 'sdk'). */
export const PAYLOAD_PLATFORM = 'server';

/** A message id: `msg_` and 32 hex digits, made by the database in the statement that inserts it. */
export const newMessageIdSql = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * The delivery payload of DESIGN.md as SQL over a statement's columns, its keys in the documented
 * order: `{ event, actionType, source, data, webhookId, platform }`. `data` is JSON text, spliced
 * in as written; `webhookId` is the message's own id. The one place the payload is put together,
 * for fanned-out events and for test events alike.
 */
export function payloadSql(columns: { type: SQL; source: SQL; data: SQL; messageId: SQL }): SQL {
  const { type, source, data, messageId } = columns;
  return sql`'{"event":' || to_json(${type})::text
    || ',"actionType":' || to_json(substr(${type}, strpos(${type}, '.') + 1))::text
    || ',"source":' || to_json(${source})::text
    || ',"data":' || ${data}
    || ',"webhookId":' || to_json(${messageId})::text
    || ',"platform":' || to_json(${PAYLOAD_PLATFORM}::text)::text || '}'`;
}
