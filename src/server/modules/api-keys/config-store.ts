import { eq, getTableColumns } from 'drizzle-orm';
import { rowsOfStatement } from '../../db/prepared';
import { type SealedAiKeys, apiKeyConfigs } from '../../db/schema/schema';
import type { DbOrTx } from '../../db/transaction';

export type ApiKeyConfigRow = typeof apiKeyConfigs.$inferSelect;
export type ApiKeyConfigChanges = Partial<Omit<ApiKeyConfigRow, 'apiKeyId'>>;

export async function readConfig(db: DbOrTx, apiKeyId: string): Promise<ApiKeyConfigRow> {
  const [row] = await db
    .select()
    .from(apiKeyConfigs)
    .where(eq(apiKeyConfigs.apiKeyId, apiKeyId))
    .limit(1);
  return row ?? defaultsFor(apiKeyId);
}

function defaultsFor(apiKeyId: string): ApiKeyConfigRow {
  return {
    apiKeyId,
    enablePrivateComments: false,
    requireJwtToken: false,
    requireAutoOrgUser: false,
    defaultDocumentAccessType: 'public',
    aiKeys: {},
    usePermissionProvider: false,
    permissionProviderUrl: '',
    permissionProviderTokenEnc: null,
    permissionProviderTokenMask: '',
    updatedAt: new Date(0),
  };
}

/** Per field of a row: its column's name, and whether `to_jsonb` gives it as timestamp text. */
const columns = Object.entries(getTableColumns(apiKeyConfigs)).map(([field, column]) => ({
  field,
  name: column.name,
  timestamp: column.columnType === 'PgTimestamp',
}));
/** Per field: its column's name as the update's text writes it. */
const quotedNames = new Map(columns.map((c) => [c.field, `"${c.name}"`]));

/** A row as `to_jsonb` gives it (column names, timestamps as text) in the row's own shape. */
function rowOfJson(json: Record<string, unknown>): ApiKeyConfigRow {
  const row: Record<string, unknown> = {};
  for (const { field, name, timestamp } of columns) {
    const value = json[name];
    row[field] = timestamp ? new Date(value as string) : value;
  }
  return row as ApiKeyConfigRow;
}

/** `column = $n` (with the cast the value needs) for a change's value, which joins `params`. */
function assignment(field: string, value: unknown, params: unknown[]): string {
  const name = quotedNames.get(field);
  if (name === undefined) throw new Error(`no column for ${field}`);
  if (value === null) return `${name} = null`;
  if (value instanceof Date) {
    params.push(value.toISOString());
    return `${name} = $${params.length}::timestamptz`;
  }
  const json = typeof value === 'object';
  params.push(json ? JSON.stringify(value) : value);
  return `${name} = $${params.length}${json ? '::jsonb' : ''}`;
}

export interface ConfigChange {
  before: ApiKeyConfigRow;
  after: ApiKeyConfigRow;
}

/**
 * Changes a key's settings in one statement, which locks the row, writes it and answers it as it
 * was and as it is (for the audit entry's `{ from, to }`): a write is one round trip. AI keys in
 * `addedAiKeys` are added or replace the same provider's, against the locked row.
 */
export async function changeConfig(
  db: DbOrTx,
  apiKeyId: string,
  changes: ApiKeyConfigChanges,
  addedAiKeys?: SealedAiKeys,
): Promise<ConfigChange> {
  // The text is made here, not by drizzle's builder: it is the same for every change of the same
  // fields, and every write of a key's settings sends it.
  const params: unknown[] = [];
  const assignments: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) assignments.push(assignment(field, value, params));
  }
  if (addedAiKeys) {
    params.push(JSON.stringify(addedAiKeys));
    assignments.push(`ai_keys = c.ai_keys || $${params.length}::jsonb`);
  }
  params.push(apiKeyId);
  const text = `update api_key_configs as c set ${assignments.join(', ')}
        from (select * from api_key_configs where api_key_id = $${params.length} for update) as old
        where c.api_key_id = old.api_key_id
        returning to_jsonb(old) as before, to_jsonb(c) as after`;
  const change = () =>
    rowsOfStatement<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      db,
      text,
      params,
    );
  let [row] = await change();
  if (!row) {
    // A key's first change creates its row; every later one finds it, one round trip sooner.
    await db.insert(apiKeyConfigs).values({ apiKeyId }).onConflictDoNothing();
    [row] = await change();
  }
  if (!row) throw new Error('config row vanished inside its transaction');
  return { before: rowOfJson(row.before), after: rowOfJson(row.after) };
}
