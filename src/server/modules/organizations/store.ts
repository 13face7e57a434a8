import { type SQL, and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { organizations } from '../../db/schema/organizations-schema';
import { type DbOrTx, rowsOf } from '../../db/transaction';

export interface NewOrganization {
  organizationId: string;
  organizationName: string;
}

/** Inserts the organizations whose id is free; answers the ids it inserted. */
export async function insertNewOrganizations(
  db: DbOrTx,
  apiKeyId: string,
  list: readonly NewOrganization[],
  now: Date,
): Promise<Set<string>> {
  const added = await rowsOf<{ organization_id: string }>(
    db,
    sql`insert into organizations
        (api_key_id, organization_id, organization_name, created_at, updated_at)
      select ${apiKeyId}, o.organization_id, o.organization_name, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(
        list.map((o) => ({
          organization_id: o.organizationId,
          organization_name: o.organizationName,
        })),
      )}::jsonb) as o(organization_id text, organization_name text)
      on conflict do nothing
      returning organization_id`,
  );
  return new Set(added.map((r) => r.organization_id));
}

export interface OrganizationPageQuery {
  apiKeyId: string;
  organizationIds?: readonly string[] | undefined;
  /** The last id of the previous page. */
  after?: string | undefined;
  limit: number;
}

/** A page of organizations in id order, through the primary key. */
export function organizationPageStatement(db: DbOrTx, q: OrganizationPageQuery) {
  const conditions: SQL[] = [eq(organizations.apiKeyId, q.apiKeyId)];
  if (q.organizationIds)
    conditions.push(inArray(organizations.organizationId, [...q.organizationIds]));
  if (q.after !== undefined) conditions.push(gt(organizations.organizationId, q.after));
  return db
    .select({
      id: organizations.organizationId,
      organizationId: organizations.organizationId,
      organizationName: organizations.organizationName,
      disabled: organizations.disabled,
    })
    .from(organizations)
    .where(and(...conditions))
    .orderBy(asc(organizations.organizationId))
    .limit(q.limit);
}
