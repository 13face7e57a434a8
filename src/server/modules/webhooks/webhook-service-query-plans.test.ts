import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateWebhookServiceConfig } from '#contract/webhook-service';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan, planOf } from '../../testing/query-plan';
import { dataOf } from '../../testing/replies';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { messagesPageQuery } from './message-store';
import { basicTargetsQuery, readBasicTargets } from './service-config-store';

let svc: TestService;
let apiKeyId: string;
let targetId: string;
beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
  const fx = await createWorkspaceFixture(svc);
  apiKeyId = fx.credentials.apiKey.id;
  dataOf(
    await fx.send(updateWebhookServiceConfig, {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: 'https://hooks.example.com/raw',
        processedNotificationUrl: 'https://hooks.example.com/processed',
      },
    }),
  );
  const targets = await readBasicTargets(svc.database.db, apiKeyId);
  targetId = targets.basic_raw?.id ?? '';
  // 20,000 delivered messages on each URL: a log that a table scan would show.
  for (const endpoint of [targetId, targets.basic_processed?.id ?? '']) {
    await rows(
      svc.database.db,
      sql`insert into webhook_messages
        (id, endpoint_id, event_type, payload, status, next_attempt_at, created_at)
      select 'msg_' || ${endpoint} || '_' || i, ${endpoint}, 'comment.add', '{}', 'delivered',
        now(), now() - make_interval(secs => i)
      from generate_series(1, 20000) as i`,
    );
  }
  await rows(svc.database.db, sql`analyze webhook_messages`);
  await rows(svc.database.db, sql`analyze webhook_endpoints`);
});
afterAll(() => svc.close());

it('pages the delivery log of a basic URL through its endpoint index, without a sort', async () => {
  const first = messagesPageQuery(svc.database.db, targetId, undefined, 50).getSQL();
  expect(await expectIndexedPlan(svc.database.db, first)).toContain(
    'webhook_messages_endpoint_created_idx',
  );
  const later = messagesPageQuery(
    svc.database.db,
    targetId,
    { direction: 'next', createdAtMs: Date.now() - 5000_000, id: 'msg_x' },
    50,
  ).getSQL();
  expect(await expectIndexedPlan(svc.database.db, later)).toContain(
    'webhook_messages_endpoint_created_idx',
  );
});

it('finds the key’s basic URLs through an index on the key, not the whole table', async () => {
  // Two rows in all here: only a plan that may not scan the table shows which index it can use.
  const nodes = await svc.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return planOf(tx, basicTargetsQuery(tx, apiKeyId).getSQL());
  });
  const used = nodes.flatMap((n) => n['Index Name'] ?? []);
  expect(used.some((name) => name.startsWith('webhook_endpoints_key_'))).toBe(true);
});
