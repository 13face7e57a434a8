// The floor under bench/writes.ts's writes: Fastify and the pg driver sending an Update API Key
// Config's statements to the service's own tables, as the service sends them (the statements of
// one call in PostgreSQL's log, `log_statement = all`), and nothing else: no validation, no
// credential check, no audit entry built, no error envelope. BEGIN with the credential read; the
// locking update; the audit entry with COMMIT, in pipeline mode, named. What a write through
// HTTP costs on this machine before any of the service's own work. With SERVICE_HOOKS=1 the route
// stands on the service's own HTTP layer (bench/kit/service-layer.ts): what a write through the
// service's HTTP layer costs before the service's write path (validation, credential check,
// audit entry, transaction seam, drizzle).
import Fastify from 'fastify';
import pg from 'pg';
import { corked } from '#server/db/pipelined-transaction';
import { serviceLayer } from './kit/service-layer';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
/** The keys the bench made, by the index a connection sends in `x-key`. */
const keys = (await pool.query<{ id: string }>('select id from api_keys order by id')).rows.map(
  (r) => r.id,
);

const credentialRead = `select k.auth_token_hash as hash, k.workspace_id as "workspaceId",
     o.created_at as "ownerSince", o.verified_at as "verifiedAt"
   from api_keys k
   join workspaces w on w.id = k.workspace_id
   join owners o on o.email = w.owner_email
   where k.id = $1
   limit 1`;
const settingsChange = `update api_key_configs as c set "require_jwt_token" = $1,
     "default_document_access_type" = $2, "updated_at" = $3::timestamptz
   from (select * from api_key_configs where api_key_id = $4 for update) as old
   where c.api_key_id = old.api_key_id
   returning to_jsonb(old) as before, to_jsonb(c) as after`;
const auditInsert = `insert into audit_entries
     (id, workspace_id, at, api_key_id, action, actor, target, changes, summary)
   values ($1, $2, $3::timestamptz, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb)`;

const switchable = (client: pg.PoolClient) => client as unknown as { pipeline: boolean };
let written = 0;

const app = process.env.SERVICE_HOOKS === '1' ? serviceLayer() : Fastify({ logger: false });
app.post('/write', { config: { endpoint: 'Write floor' } }, async (req) => {
  const key = keys[Number(req.headers['x-key']) % keys.length] ?? '';
  const client = await pool.connect();
  switchable(client).pipeline = true;
  try {
    const [, credential] = await Promise.all(
      corked(client, () => [
        client.query('begin'),
        client.query<{ workspaceId: string }>({
          name: 'credential',
          text: credentialRead,
          values: [key],
        }),
      ]),
    );
    const now = new Date().toISOString();
    const changed = await client.query<{ after: unknown }>({
      name: 'change',
      text: settingsChange,
      values: [true, 'restricted', now, key],
    });
    const workspaceId = credential.rows[0]?.workspaceId;
    await Promise.all(
      corked(client, () => [
        client.query({
          name: 'audit',
          text: auditInsert,
          values: [
            `aud_floor_${process.pid}_${written++}`,
            workspaceId,
            now,
            key,
            'Update API Key Config',
            JSON.stringify({ ip: req.ip, userAgent: '', credential: { kind: 'apiKey', id: key } }),
            JSON.stringify({ workspaceId, apiKeyId: key }),
            JSON.stringify({ requireJwtToken: { from: false, to: true } }),
            JSON.stringify({}),
          ],
        }),
        client.query('commit'),
      ]),
    );
    switchable(client).pipeline = false;
    client.release();
    return { result: { status: 'success', message: '', data: changed.rows[0]?.after } };
  } catch (err) {
    // A connection left inside a transaction is not given back to the pool.
    client.release(err as Error);
    throw err;
  }
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Ended by the bench with SIGTERM: exit, so that a `--cpu-prof` profile is written.
process.once('SIGTERM', () => process.exit(0));
