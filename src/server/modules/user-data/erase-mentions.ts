import { sql } from 'drizzle-orm';
import { resyncJudgmentsMentioning } from '../../rows/derived-judgments';
import { type DbOrTx, rowsOf } from '../../db/transaction';
import { ERASED_USER_NAME, type ErasedIdentity, needles, scrubbedText } from './erase-scrub';
import type { ErasedUser } from './erase-store';

/**
 * The JSON columns of other users' rows that may name the erased user (mention lists, template
 * data, changes, entity data), by table and key. `json` columns keep the caller's text, and are
 * written back as text.
 */
const JSON_COLUMNS = {
  activities: {
    key: 'activity_id',
    columns: {
      changes: 'jsonb',
      entity_data: 'jsonb',
      entity_target_data: 'jsonb',
      display_message_template_data: 'jsonb',
    },
  },
  notifications: {
    key: 'notification_id',
    columns: { notify_users: 'jsonb', headline_template_data: 'json', source_data: 'json' },
  },
} as const;

/** Free-text columns of other users' rows, where the user's e-mail is replaced. */
const TEXT_COLUMNS = {
  activities: ['display_message_template'],
  notifications: ['headline_template', 'body_message'],
  comments: ['comment_text'],
} as const;

const inOrganization = (u: ErasedUser) =>
  sql`api_key_id = ${u.apiKeyId} and organization_id = ${u.organizationId}`;

type Row = Record<string, string | null>;

async function scrubTable(
  db: DbOrTx,
  u: ErasedUser,
  who: ErasedIdentity,
  table: keyof typeof JSON_COLUMNS,
): Promise<number> {
  const { key, columns } = JSON_COLUMNS[table];
  const names = Object.keys(columns) as (keyof typeof columns)[];
  const texts = sql.join(
    names.map((c) => sql`${sql.identifier(c)}::text as ${sql.identifier(c)}`),
    sql`, `,
  );
  const blob = sql.join(
    names.map((c) => sql`coalesce(${sql.identifier(c)}::text, '')`),
    sql` || `,
  );
  // The organization's rows are read through the index that starts with it; only rows whose
  // text holds one of the needles are parsed.
  const found = await rowsOf<Row>(
    db,
    sql`select ${sql.identifier(key)} as key, ${texts} from ${sql.identifier(table)}
      where ${inOrganization(u)} and exists (
        select 1 from jsonb_array_elements_text(${needles(who)}::jsonb) as n(s)
        where strpos(${blob}, n.s) > 0)`,
  );
  // One statement per column for all of its rewritten values, rather than one per row.
  const changedKeys = new Set<string>();
  for (const column of names) {
    const values: { key: string; value: string }[] = [];
    for (const row of found) {
      const after = scrubbedText(row[column] ?? null, who);
      if (after === undefined) continue;
      values.push({ key: row.key ?? '', value: after });
      changedKeys.add(row.key ?? '');
    }
    if (values.length === 0) continue;
    const c = sql.identifier(column);
    await db.execute(
      sql`update ${sql.identifier(table)} t set ${c} = v.value::${sql.raw(columns[column])}
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(key text, value text)
        where t.api_key_id = ${u.apiKeyId} and t.organization_id = ${u.organizationId}
          and t.${sql.identifier(key)} = v.key`,
    );
  }
  return changedKeys.size;
}

async function replaceEmails(db: DbOrTx, u: ErasedUser, emails: readonly string[]) {
  let changed = 0;
  for (const [table, columns] of Object.entries(TEXT_COLUMNS)) {
    for (const column of columns) {
      for (const email of emails) {
        const c = sql.identifier(column);
        const [row] = await rowsOf<{ n: number }>(
          db,
          sql`with done as (update ${sql.identifier(table)}
              set ${c} = replace(${c}, ${email}, ${ERASED_USER_NAME})
              where ${inOrganization(u)} and strpos(${c}, ${email}) > 0 returning 1)
            select count(*)::int as n from done`,
        );
        changed += row?.n ?? 0;
      }
    }
  }
  return changed;
}

/**
 * Takes the erased user out of other users' rows of the organization: out of mention and
 * notify lists, user objects in templates and changes anonymised, and their e-mail out of free
 * text, and out of the judgments derived from those activities. Answers how many rows changed.
 */
export async function scrubMentions(
  db: DbOrTx,
  u: ErasedUser,
  who: ErasedIdentity,
): Promise<number> {
  const activities = await scrubTable(db, u, who, 'activities');
  const notifications = await scrubTable(db, u, who, 'notifications');
  const emails = await replaceEmails(db, u, who.emails);
  // Judgments derived from activities hold their rendered text: re-derived from the scrubbed one.
  await resyncJudgmentsMentioning(db, u.apiKeyId, u.organizationId, [...who.strings]);
  return activities + notifications + emails;
}
