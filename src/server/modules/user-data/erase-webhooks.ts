import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/transaction';
import { ERASED_USER_NAME, type ErasedIdentity, needles, scrubbedText } from './erase-scrub';
import type { ErasedUser } from './erase-store';

/** A text column of webhook records, with what picks the organization's rows. */
interface JsonRecords {
  table: 'events' | 'webhook_messages' | 'webhook_attempts';
  column: 'data' | 'payload' | 'response_body';
  idType: 'bigint' | 'text';
  /** The organization's rows of the key, through an index that starts with the key or endpoint. */
  where: (u: ErasedUser) => SQL;
}

const EVENTS: JsonRecords = {
  table: 'events',
  column: 'data',
  idType: 'bigint',
  where: (u) => sql`api_key_id = ${u.apiKeyId} and channel = ${u.organizationId}`,
};

const endpointsOf = (u: ErasedUser) =>
  sql`select id from webhook_endpoints where api_key_id = ${u.apiKeyId}`;

const MESSAGES: JsonRecords = {
  table: 'webhook_messages',
  column: 'payload',
  idType: 'text',
  where: (u) => sql`endpoint_id in (${endpointsOf(u)}) and channel = ${u.organizationId}`,
};

/** The rows of one kind of webhook record that hold the user, apart so a test can check its plan. */
export function webhookRecordsStatement(records: JsonRecords, u: ErasedUser, who: ErasedIdentity) {
  const c = sql.identifier(records.column);
  return sql`select id::text as id, ${c} as text from ${sql.identifier(records.table)}
    where ${records.where(u)} and exists (
      select 1 from jsonb_array_elements_text(${needles(who)}::jsonb) as n(s)
      where strpos(${c}, n.s) > 0)`;
}

async function scrubRecords(
  db: DbOrTx,
  records: JsonRecords,
  u: ErasedUser,
  who: ErasedIdentity,
  scrub: (text: string, who: ErasedIdentity) => string | undefined = scrubbedText,
): Promise<number> {
  const found = await rowsOf<{ id: string; text: string }>(
    db,
    webhookRecordsStatement(records, u, who),
  );
  const values = found.flatMap((row) => {
    const value = scrub(row.text, who);
    return value === undefined ? [] : [{ id: row.id, value }];
  });
  if (values.length === 0) return 0;
  const c = sql.identifier(records.column);
  await db.execute(
    sql`update ${sql.identifier(records.table)} t set ${c} = v.value
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id text, value text)
      where t.id = v.id::${sql.raw(records.idType)} and ${records.where(u)}`,
  );
  return values.length;
}

/** A receiver's recorded answer without the user: scrubbed as JSON when it is, else its e-mails. */
function scrubbedAnswer(text: string, who: ErasedIdentity): string | undefined {
  try {
    return scrubbedText(text, who);
  } catch {
    let out = text;
    for (const email of who.emails) out = out.replaceAll(email, ERASED_USER_NAME);
    return out === text ? undefined : out;
  }
}

const ATTEMPTS: JsonRecords = {
  table: 'webhook_attempts',
  column: 'response_body',
  idType: 'bigint',
  where: (u) => sql`message_id in (select id from webhook_messages
    where ${MESSAGES.where(u)})`,
};

/**
 * Takes the erased user out of the organization's webhook records: events not yet fanned out
 * and messages, pending (delivered without them) or delivered (kept for the delivery log), have
 * their JSON scrubbed as other users' rows are, and so have receivers' recorded answers (those
 * that are not JSON lose the user's e-mails, as free text does).
 * Answers how many records changed.
 */
export async function scrubWebhookRecords(
  db: DbOrTx,
  u: ErasedUser,
  who: ErasedIdentity,
): Promise<number> {
  const events = await scrubRecords(db, EVENTS, u, who);
  const messages = await scrubRecords(db, MESSAGES, u, who);
  const answers = await scrubRecords(db, ATTEMPTS, u, who, scrubbedAnswer);
  return events + messages + answers;
}
