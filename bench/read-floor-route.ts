// The floor under the authenticated reads of bench/data.ts and bench/writes.ts: Fastify and the pg
// driver sending a read's statements to the service's own tables, as the service builds them, and
// nothing else: no credential check, no validation, no page token, no error envelope. What a read
// through HTTP costs on this machine before any of the service's own work.
//
// POST /documents: Get Documents' first page (`{ data: { organizationId, pageSize } }`), the
// page statement of `modules/documents/store.ts`, unnamed (parsed and planned on every call, as
// the service sent it before it named it). POST /documents-named: the same statement named, as
// the service sends it (prepared once per connection).
// POST /config: Get API Key Config's statements (`modules/api-keys/config-service.ts`), all at
// once on the pool, as the service sends them.
// The API key is the one in `x-key` (its id), its workspace the one in `x-workspace`.
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { documentsPageStatement } from '#server/modules/documents/store';
import { and, count, eq } from 'drizzle-orm';
import * as schema from '#server/db/schema/schema';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const db = drizzle({ client: pool, schema });

const app = Fastify({ logger: false });
const headerOf = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
};

const documentsPage = (named: boolean) => async (req: FastifyRequest) => {
  const { data } = req.body as { data: { organizationId: string; pageSize: number } };
  const { text, params } = documentsPageStatement({
    apiKeyId: headerOf(req, 'x-key'),
    organizationId: data.organizationId,
    limit: data.pageSize,
  });
  const { rows } = await pool.query({ text, values: params, ...(named ? { name: 'page' } : {}) });
  return {
    result: {
      status: 'success',
      message: 'Documents retrieved successfully.',
      data: rows.slice(0, data.pageSize),
      nextPageToken: null,
    },
  };
};
app.post('/documents', documentsPage(false));
app.post('/documents-named', documentsPage(true));

app.post('/config', async (req) => {
  const key = headerOf(req, 'x-key');
  const workspaceId = headerOf(req, 'x-workspace');
  // The statements of readConfig, findWorkspace and countProductionKeys.
  const statements = [
    db
      .select()
      .from(schema.apiKeyConfigs)
      .where(eq(schema.apiKeyConfigs.apiKeyId, key))
      .limit(1)
      .toSQL(),
    db
      .select()
      .from(schema.workspaces)
      .where(eq(schema.workspaces.id, workspaceId))
      .limit(1)
      .toSQL(),
    db
      .select({ n: count() })
      .from(schema.apiKeys)
      .where(
        and(eq(schema.apiKeys.workspaceId, workspaceId), eq(schema.apiKeys.type, 'production')),
      )
      .toSQL(),
  ];
  const answers = await Promise.all(
    statements.map((s) => pool.query({ text: s.sql, values: s.params, rowMode: 'array' })),
  );
  return {
    result: {
      status: 'success',
      message: 'API key configuration retrieved successfully.',
      data: answers.map((a) => a.rows[0]),
    },
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
