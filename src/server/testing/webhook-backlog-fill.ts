import { sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import type { TestService } from './test-service';
import { createWorkspaceFixture } from './fixtures';
import { webhooksOf } from './webhook-fixtures';

/**
 * Many endpoints of one key with a backlog each, written in SQL and analyzed, for a plan test
 * that must see what a service at scale shows its planner: on empty tables several indexes cost
 * the same, and which one the planner takes says nothing (it changed as unrelated indexes were
 * added). Answers the endpoints' ids; `ep_fill1` … are copies of one made through the API. Give
 * it a service of its own: the statistics it leaves are those of a busy service.
 */
export async function fillWebhookBacklog(
  svc: TestService,
  backlog: {
    endpoints: number;
    perEndpoint: number;
    status: 'pending' | 'delivered' | 'failed';
    /** `'infinity'` for messages parked behind an open circuit. */
    nextAttemptAt: string;
  },
): Promise<string[]> {
  const db: Db = svc.database.db;
  const fx = await createWorkspaceFixture(svc);
  const wh = webhooksOf(fx);
  await wh.enable();
  const base = await wh.createEndpoint({ url: 'https://hooks.example.com/fill' });
  await db.execute(sql`
    insert into webhook_endpoints
    select (jsonb_populate_record(e, jsonb_build_object('id', 'ep_fill' || i, 'uid', null))).*
    from webhook_endpoints e, generate_series(1, ${backlog.endpoints - 1}) as i
    where e.id = ${base.id}`);
  const ids = [
    base.id,
    ...Array.from({ length: backlog.endpoints - 1 }, (_, i) => `ep_fill${i + 1}`),
  ];
  await db.execute(sql`
    insert into webhook_messages (id, endpoint_id, event_type, payload, status, next_attempt_at,
      created_at)
    select 'msg_fill' || e.n || '_' || i, e.id, 'comment.add', '{}', ${backlog.status},
      ${backlog.nextAttemptAt}::timestamptz, now() - make_interval(secs => i)
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as e(id, n),
      generate_series(1, ${backlog.perEndpoint}) as i`);
  await db.execute(sql`analyze webhook_endpoints`);
  await db.execute(sql`analyze webhook_messages`);
  return ids;
}
