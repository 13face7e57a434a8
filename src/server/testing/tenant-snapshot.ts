import { getTableName, isTable, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import * as schema from '../db/schema/schema';
import { rowsOf } from '../db/transaction';
import type { TableSnapshot } from './table-snapshot';

export interface Tenant {
  workspaceId: string;
  apiKeyId: string;
  ownerEmail: string;
}

const quoted = (v: string) => `'${v.replaceAll("'", "''")}'`;

/**
 * Which rows of a table belong to a tenant, for the tables that do not carry its API key id.
 * A table missing here and without an `api_key_id` column fails the snapshot, so that a new
 * table cannot slip out of the cross-tenant check unseen.
 */
function ownRows(t: Tenant): Record<string, string> {
  const key = quoted(t.apiKeyId);
  const endpoints = `select id from webhook_endpoints where api_key_id = ${key}`;
  return {
    workspaces: `id = ${quoted(t.workspaceId)}`,
    api_keys: `workspace_id = ${quoted(t.workspaceId)}`,
    owners: `email = ${quoted(t.ownerEmail)}`,
    login_codes: `email = ${quoted(t.ownerEmail)}`,
    members: `workspace_id = ${quoted(t.workspaceId)}`,
    sessions: `email = ${quoted(t.ownerEmail)}`,
    webhook_messages: `endpoint_id in (${endpoints})`,
    webhook_attempts: `message_id in (select id from webhook_messages where endpoint_id in (${endpoints}))`,
    job_tasks: `job_id in (select id from jobs where api_key_id = ${key})`,
    // The workspace's entries, its API keys' and its own calls' alike.
    audit_entries: `workspace_id = ${quoted(t.workspaceId)}`,
  };
}

/** Row count and hash of one tenant's rows in every table: what another tenant must not change. */
export async function tenantSnapshot(db: Db, tenant: Tenant): Promise<TableSnapshot> {
  const tables = await rowsOf<{ name: string; keyed: boolean }>(
    db,
    sql`select table_name as name, bool_or(column_name = 'api_key_id') as keyed
        from information_schema.columns where table_schema = 'public'
        group by table_name order by table_name`,
  );
  const special = ownRows(tenant);
  // Tables the migrations made; a table some other test made for itself is not the service's.
  const own = new Set<string>(Object.values(schema).filter(isTable).map(getTableName));
  const parts = tables
    .filter(({ name }) => own.has(name))
    .map(({ name, keyed }) => {
      const where =
        special[name] ?? (keyed ? `api_key_id = ${quoted(tenant.apiKeyId)}` : undefined);
      if (where === undefined) throw new Error(`table ${name}: no rule for a tenant's rows`);
      return (
        `select ${quoted(name)} as name, count(*)::int as rows, ` +
        `md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as hash ` +
        `from "${name}" t where ${where}`
      );
    });
  const rows = await rowsOf<{ name: string; rows: number; hash: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  );
  return Object.fromEntries(rows.map((r) => [r.name, { rows: r.rows, hash: r.hash }]));
}
