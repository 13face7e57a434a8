import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, migrationsInBuild } from '../db/connection';
import { rowsOf } from '../db/transaction';

/** How long `/readyz` waits for the database before it answers that it is not ready. */
const DATABASE_ANSWER_MS = 2_000;

type Check = { ready: true } | { ready: false; reason: string };

async function databaseCheck(database: Database, expected: number): Promise<Check> {
  const count = rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  let timeout: NodeJS.Timeout | undefined;
  const timer = new Promise<'late'>((resolve) => {
    timeout = setTimeout(resolve, DATABASE_ANSWER_MS, 'late');
  });
  try {
    const answer = await Promise.race([count, timer]);
    if (answer === 'late') {
      return {
        ready: false,
        reason: `The database did not answer within ${DATABASE_ANSWER_MS} ms.`,
      };
    }
    const applied = answer[0]?.n ?? 0;
    return applied >= expected
      ? { ready: true }
      : { ready: false, reason: `${applied} of ${expected} migrations applied.` };
  } catch {
    // The driver's message may name the server's address: the log has it, not the answer.
    return { ready: false, reason: 'The database refused the check.' };
  } finally {
    // A probe every few seconds leaves no timer behind it.
    clearTimeout(timeout);
  }
}

/**
 * `GET /readyz`: 200 while the process can take work (its database answers and has every
 * migration of this build), else 503 with the reason. Once the process begins to close (SIGTERM),
 * Fastify answers 503 to every request that still arrives, this one included. `/healthz` only
 * says the process is alive: a load balancer routes by this one, a supervisor restarts by that.
 */
export function installReadiness(app: FastifyInstance, database: Database): void {
  const expected = migrationsInBuild();
  app.get('/readyz', async (req, reply) => {
    const check = await databaseCheck(database, expected);
    if (!check.ready) {
      req.log.warn({ reason: check.reason }, 'not ready');
      return reply.code(503).send({ status: 'unavailable', reason: check.reason });
    }
    return reply.send({ status: 'ready', database: database.kind, migrations: expected });
  });
}
