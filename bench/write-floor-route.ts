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
import { updateApiKeyConfigRequest } from '#contract/api-keys';
import { inAmbientTransaction } from '#server/db/ambient-transaction';
import {
  type DirectQuery,
  type LastStatement,
  type WriteTransactions,
  corked,
  directQuery,
  pipelinedTransactions,
} from '#server/db/pipelined-transaction';
import type { Tx } from '#server/db/transaction';
import { requestParser } from '#server/http/validation';
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

/**
 * FLOOR_PARTS adds parts of the service's write path to the floor, one at a time, to show what
 * bounds the write: `validation` (the contract's request parser), `ambient` (the statements in
 * the service's ambient transaction, AsyncLocalStorage on, on the raw connection), `seam` (in the
 * service's pipelined transaction too: pool, TransactionWire, BEGIN held, COMMIT with the last),
 * `held` (an ambient transaction open all along: the storage's hooks never switched off).
 */
const parts = new Set(process.env.FLOOR_PARTS?.split(',').filter(Boolean) ?? []);
const parse = parts.has('validation') ? requestParser(updateApiKeyConfigRequest) : undefined;
const seam = parts.has('seam') ? pipelinedTransactions(pool) : undefined;
/** A raw transaction seam: the work runs on the route's own connection, in the ambient storage. */
const noSeam: WriteTransactions = (work) => work(Object.create(null) as Tx, (st) => st());
// `held`: one ambient transaction that never ends, so that AsyncLocalStorage is never disabled
// between writes (the service disables it whenever no write is under way).
if (parts.has('held')) void inAmbientTransaction(noSeam, () => new Promise<never>(() => undefined));

/** How the route's statements are sent: on a connection of its own, or through the seam's. */
interface Wire {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig | string): Promise<pg.QueryResult<R>>;
  /** The statements `send` sends, in one packet (the seam holds BEGIN and COMMIT itself). */
  together<T>(send: () => T): T;
}

/** The write's statements: BEGIN with the credential read, the update, the entry with COMMIT. */
async function statements(wire: Wire, key: string, ip: string, last: LastStatement) {
  const { begun, read } = wire.together(() => ({
    begun: seam ? undefined : wire.query('begin'),
    read: wire.query<{ workspaceId: string }>({
      name: 'credential',
      text: credentialRead,
      values: [key],
    }),
  }));
  if (begun) await begun;
  const credential = await read;
  const now = new Date().toISOString();
  const changed = await wire.query<{ after: unknown }>({
    name: 'change',
    text: settingsChange,
    values: [true, 'restricted', now, key],
  });
  const workspaceId = credential.rows[0]?.workspaceId;
  const audit = {
    name: 'audit',
    text: auditInsert,
    values: [
      `aud_floor_${process.pid}_${written++}`,
      workspaceId,
      now,
      key,
      'Update API Key Config',
      JSON.stringify({ ip, userAgent: '', credential: { kind: 'apiKey', id: key } }),
      JSON.stringify({ workspaceId, apiKeyId: key }),
      JSON.stringify({ requireJwtToken: { from: false, to: true } }),
      JSON.stringify({}),
    ],
  };
  if (seam) await last(() => wire.query(audit));
  else await Promise.all(wire.together(() => [wire.query(audit), wire.query('commit')]));
  return changed.rows[0]?.after;
}

/** The statements on a pooled connection of the route's own, in pg's pipeline mode. */
async function onOwnConnection(key: string, ip: string) {
  const client = await pool.connect();
  switchable(client).pipeline = true;
  const wire: Wire = {
    query: (config) => client.query(config as pg.QueryConfig),
    together: (send) => corked(client, send),
  };
  const run = () => statements(wire, key, ip, (statement) => statement());
  try {
    const after = await (parts.has('ambient') ? inAmbientTransaction(noSeam, run) : run());
    switchable(client).pipeline = false;
    client.release();
    return after;
  } catch (err) {
    // A connection left inside a transaction is not given back to the pool.
    client.release(err as Error);
    throw err;
  }
}

/** The statements in the service's own pipelined, ambient transaction. */
function inSeam(transactions: WriteTransactions, key: string, ip: string) {
  return inAmbientTransaction(transactions, (tx, last) => {
    const direct = (tx as unknown as Record<symbol, DirectQuery>)[directQuery];
    if (!direct) throw new Error('no direct query on the pipelined transaction');
    const wire: Wire = {
      query: (config) =>
        (typeof config === 'string'
          ? direct({ text: config }, [])
          : direct(config, config.values ?? [])) as never,
      together: (send) => send(),
    };
    return statements(wire, key, ip, last);
  });
}

const app = process.env.SERVICE_HOOKS === '1' ? serviceLayer() : Fastify({ logger: false });
app.post('/write', { config: { endpoint: 'Write floor' } }, async (req) => {
  const key = keys[Number(req.headers['x-key']) % keys.length] ?? '';
  if (parse) parse((req.body as { data?: unknown } | undefined)?.data);
  const after = await (seam ? inSeam(seam, key, req.ip) : onOwnConnection(key, req.ip));
  return { result: { status: 'success', message: '', data: after } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Ended by the bench with SIGTERM: exit, so that a `--cpu-prof` profile is written.
process.once('SIGTERM', () => process.exit(0));
