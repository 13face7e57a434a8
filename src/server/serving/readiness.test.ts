import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsInBuild } from '../db/connection';
import { rowsOf } from '../db/transaction';
import { type TestService, startTestService } from '../testing/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

it('answers ready with the database kind and the migrations of this build', async () => {
  const reply = await svc.fetch('/readyz');
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    status: 'ready',
    database: svc.database.kind,
    migrations: migrationsInBuild(),
  });
  // Alive is another question, answered apart.
  expect((await svc.fetch('/healthz')).status).toBe(200);
});

it('answers 503 with the reason while a migration of this build is missing', async () => {
  const [newest] = await rowsOf<{ id: number; hash: string; created_at: string }>(
    svc.database.db,
    sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id desc limit 1`,
  );
  if (!newest) throw new Error('no migration recorded');
  await svc.database.db.execute(
    sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`,
  );
  try {
    const reply = await svc.fetch('/readyz');
    expect(reply.status).toBe(503);
    const expected = migrationsInBuild();
    expect(reply.body).toEqual({
      status: 'unavailable',
      reason: `${expected - 1} of ${expected} migrations applied.`,
    });
  } finally {
    await svc.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
    );
  }
  expect((await svc.fetch('/readyz')).status).toBe(200);
});

it('answers 503 to a request that arrives while the service closes', async () => {
  const closing = await startTestService({ database: svc.database });
  const { port } = new URL(closing.url);
  // A request begun before the close (its headers not yet complete) keeps its connection; the
  // close refuses new connections and answers what arrives on this one.
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closed = closing.close();
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });
  socket.write('\r\n');
  expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
  await closed;
});
