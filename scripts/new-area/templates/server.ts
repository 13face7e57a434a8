import type { AreaNames } from '../names';
import { imports } from '../paths';

/** The drizzle table: one row per item of a key, and the index the list pages through. */
export function tableFile(n: AreaNames): string {
  const i = n.item;
  return `import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { apiKeys } from '${imports.apiKeysTable}';

/**
 * The ${n.words} of an API key, one row per id. List ${n.title} pages newest first through
 * \`${n.snake}_created_idx\`: a page is one range of the index, whatever its depth.
 */
export const ${n.camel} = pgTable(
  '${n.snake}',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    ${i.camel}Id: text('${i.snake}_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: '${n.snake}_pk', columns: [t.apiKeyId, t.${i.camel}Id] }),
    index('${n.snake}_created_idx').on(t.apiKeyId, t.createdAt, t.${i.camel}Id),
  ],
);
`;
}

/** The store: SQL only, a keyset page over the index and an insert of new items. */
export function storeFile(n: AreaNames): string {
  const i = n.item;
  return `import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import { afterPosition, rowsToFetch } from '${imports.keyset}';
import { ${n.camel} } from '${imports.table(n.kebab)}';
import { type DbOrTx, rowsOf } from '${imports.transaction}';

export interface New${i.pascal} {
  ${i.camel}Id: string;
  name: string;
}

/** Inserts the ${n.words} whose id is free, in one statement; answers the ids it inserted. */
export async function insertNew${n.pascal}(
  db: DbOrTx,
  apiKeyId: string,
  list: readonly New${i.pascal}[],
  now: Date,
): Promise<Set<string>> {
  const rows = list.map((${i.camel}) => ({ id: ${i.camel}.${i.camel}Id, name: ${i.camel}.name }));
  const added = await rowsOf<{ id: string }>(
    db,
    sql\`insert into ${n.snake} (api_key_id, ${i.snake}_id, name, created_at)
      select \${apiKeyId}, x.id, x.name, \${now.toISOString()}::timestamptz
      from jsonb_to_recordset(\${JSON.stringify(rows)}::jsonb) as x(id text, name text)
      on conflict do nothing
      returning ${i.snake}_id as id\`,
  );
  return new Set(added.map((row) => row.id));
}

/** A position in the list's order: the last ${i.words} of the previous page. */
export interface ${n.pascal}Position {
  /** Its \`createdAt\`, as an ISO date-time. */
  at: string;
  id: string;
}

export interface ${n.pascal}PageQuery {
  apiKeyId: string;
  after?: ${n.pascal}Position | undefined;
  /** The page size: one row more is read, to tell whether another page follows. */
  limit: number;
}

/**
 * One page of the key's ${n.words}, newest first (the id orders those added at the same time),
 * through \`${n.snake}_created_idx\`. Exported so that a test plans exactly this statement.
 */
export function ${n.camel}PageStatement(db: DbOrTx, q: ${n.pascal}PageQuery) {
  const t = ${n.camel};
  const where: SQL[] = [eq(t.apiKeyId, q.apiKeyId)];
  if (q.after !== undefined) {
    where.push(
      afterPosition([t.createdAt, t.${i.camel}Id], [sql\`\${q.after.at}::timestamptz\`, q.after.id], 'desc'),
    );
  }
  return db
    .select({ id: t.${i.camel}Id, name: t.name, createdAt: t.createdAt })
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.${i.camel}Id))
    .limit(rowsToFetch(q.limit));
}
`;
}

/** The list's rule: page tokens bound to the list and the key, the page out of the rows read. */
export function listRuleFile(n: AreaNames): string {
  const i = n.item;
  return `import { z } from 'zod';
import type { Answer } from '${imports.contractEndpoint}';
import {
  DEFAULT_${n.constant}_PAGE_SIZE,
  type ${i.pascal},
  type list${n.pascal}Request,
} from '${imports.contract(n.kebab)}';
import { keysetPage } from '${imports.keyset}';
import { PageTokens } from '${imports.pageToken}';
import type { Services } from '${imports.services}';
import { ${n.camel}PageStatement } from './store';

/**
 * List ${n.title}: the key's ${n.words}, newest first, keyset-paged by (createdAt, id). The
 * token binds the list and the key (a filter added later goes into \`query\` too), not the page
 * size.
 */
export function ${i.camel}Pages(s: Services) {
  const tokens = new PageTokens(s.secrets, {
    name: '${n.kebab}',
    field: 'data.pageToken',
    position: z.object({ at: z.string(), id: z.string() }),
  });
  return async (
    apiKeyId: string,
    input: z.output<typeof list${n.pascal}Request>,
  ): Promise<Answer<${i.pascal}[]>> => {
    const query = { apiKeyId };
    const after = tokens.decode(query, input.pageToken);
    const limit = input.pageSize ?? DEFAULT_${n.constant}_PAGE_SIZE;
    const found = await ${n.camel}PageStatement(s.db, { apiKeyId, after, limit });
    const { rows, more } = keysetPage(found, limit);
    const last = rows.at(-1);
    return {
      data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      message: '${n.label} retrieved successfully.',
      pageToken:
        more && last
          ? tokens.encode(query, { at: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  };
}
`;
}

/** The add's rule: every new id added, a taken one refused, each with its own result. */
export function addRuleFile(n: AreaNames): string {
  const i = n.item;
  return `import type { z } from 'zod';
import type { add${n.pascal}Request } from '${imports.contract(n.kebab)}';
import { failed, resultMap, succeeded } from '${imports.itemResults}';
import type { Services } from '${imports.services}';
import { insertNew${n.pascal} } from './store';

/**
 * Add ${n.title}: adds each ${i.words} whose id the key does not have yet; one it has is
 * refused in its own result and the others are still added.
 */
export async function add${n.pascal}(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof add${n.pascal}Request>,
) {
  const added = await insertNew${n.pascal}(s.db, apiKeyId, input.${n.camel}, s.clock());
  return resultMap(
    input.${n.camel},
    (${i.camel}) => ${i.camel}.${i.camel}Id,
    (_${i.camel}, id) =>
      added.has(id) ? succeeded(id, '${i.label} added.') : failed(id, \`${i.label} \${id} already exists.\`),
  );
}
`;
}

/** The module: the area's routes, bound by service-modules.ts. */
export function routesFile(n: AreaNames): string {
  const i = n.item;
  return `import { add${n.pascal}, list${n.pascal} } from '${imports.contract(n.kebab)}';
import { answerRoute, route } from '${imports.route}';
import type { ServiceModule } from '${imports.serviceModule}';
import * as adding from './add-${n.kebab}';
import * as listing from './list-${n.kebab}';

export const ${n.camel}Module: ServiceModule = {
  routes: (s) => {
    const pages = listing.${i.camel}Pages(s);
    return [
      route(add${n.pascal}, '${n.label} processed.', (input, ctx) =>
        adding.add${n.pascal}(s, ctx.auth.apiKeyId, input),
      ),
      answerRoute(list${n.pascal}, (input, ctx) => pages(ctx.auth.apiKeyId, input)),
    ];
  },
};
`;
}

/** Rows the plan test loads: enough that PostgreSQL's choice of plan is the one of a big key. */
const PLANNED_ROWS = 20_000;

/** The EXPLAIN test: the list's first and deep pages read through the index. */
export function queryPlansTestFile(n: AreaNames): string {
  const i = n.item;
  return `import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '${imports.fixtures}';
import { expectIndexedPlan } from '${imports.queryPlan}';
import { type TestService, startTestService } from '${imports.testService}';
import { ${n.camel}PageStatement } from './store';

const ROWS = ${PLANNED_ROWS.toLocaleString('en').replaceAll(',', '_')};

let svc: TestService;
let apiKeyId: string;
beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  await svc.database.db.execute(sql\`
    insert into ${n.snake} (api_key_id, ${i.snake}_id, name, created_at)
    select \${apiKeyId}, '${i.kebab}-' || lpad(n::text, 6, '0'), '${i.label} ' || n,
      timestamptz '2026-01-01' + n * interval '1 second'
    from generate_series(1, \${ROWS}) n\`);
  await svc.database.db.execute(sql\`analyze ${n.snake}\`);
});
afterAll(() => svc.close());

it('pages ${n.words}, first and deep, through the time index', async () => {
  const deep = { at: '2026-01-01T01:00:00.000Z', id: '${i.kebab}-003600' };
  for (const q of [
    { apiKeyId, limit: 100 },
    { apiKeyId, after: deep, limit: 100 },
    { apiKeyId, limit: 1000 },
  ]) {
    const statement = ${n.camel}PageStatement(svc.database.db, q).getSQL();
    expect(await expectIndexedPlan(svc.database.db, statement)).toContain('${n.snake}_created_idx');
  }
});
`;
}
