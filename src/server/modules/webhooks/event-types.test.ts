import { operationalEventTypes } from '#contract/operational-events';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCommentAnnotations } from '#contract/activities';
import { addNotifications } from '#contract/notifications';
import { eventFields } from '#contract/event-type-fields';
import { catalogEventTypes, eventCatalog, isCatalogEventType } from '#contract/event-catalog';
import { getAdvancedWebhookEventTypes } from '#contract/event-types';
import { updateWebhookServiceConfig } from '#contract/webhook-service';
import { sendTestEvent } from '#contract/webhooks';
import { actor, notificationBody } from '../../testing/notification-fixtures';
import { dataOf } from '../../testing/replies';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { endpointFixture } from '../../testing/webhook-fixtures';
import { type Receiver, startReceiver } from '../../testing/webhook-receiver';

let svc: TestService;
let rx: Receiver;
beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
  rx = await startReceiver();
});
afterAll(async () => {
  await svc.close();
  await rx.close();
});

/** Every path of a JSON value, objects' keys dotted and arrays' items as `[]`, as eventFields. */
function pathsOf(value: unknown, path: string, opaque: ReadonlySet<string>): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => pathsOf(v, `${path}[]`, opaque));
  if (typeof value !== 'object' || value === null || opaque.has(path)) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const child = path === '' ? key : `${path}.${key}`;
    return [child, ...pathsOf(v, child, opaque)];
  });
}

describe('the event-type catalog', () => {
  it('lists every type the service emits, and every field of what it emits', async () => {
    const { fx, wh } = await endpointFixture(svc, { url: rx.url });
    dataOf(
      await fx.send(updateWebhookServiceConfig, {
        useWebhookService: true,
        webhookServiceConfig: { rawNotificationUrl: rx.url, processedNotificationUrl: rx.url },
      }),
    );
    // Each code path that emits events, with every optional field it can carry.
    dataOf(
      await fx.send(addNotifications, {
        ...notificationBody({
          createOrganization: true,
          createDocument: true,
          locationId: 'loc-1',
          notificationSourceData: { any: 'thing' },
          displayHeadlineMessageTemplateData: { actionUser: actor },
          notifyUsers: [actor],
        }),
      }),
    );
    await wh.addComments('org-1', ['first']);
    await fx.send(addCommentAnnotations, {
      organizationId: 'org-1',
      documentId: 'doc-1',
      commentAnnotations: [
        {
          commentData: [
            { commentText: 'to someone', from: actor, to: [{ userId: 'u-2', name: 'Bo' }] },
            { commentText: 'second', from: actor },
          ],
        },
      ],
    });
    const emitted = await rows<{ type: string; data: string }>(
      svc.database.db,
      sql`select type, data from events where api_key_id = ${fx.apiKey} order by id`,
    );
    // The operational events (endpoint.*, message.attempt.exhausted) are driven, and read against
    // the same catalog entries, by the breaker's tests (jobs/webhook-circuit.test.ts).
    const domainTypes = catalogEventTypes.filter(
      (type) => !(operationalEventTypes as readonly string[]).includes(type),
    );
    expect(new Set(emitted.map((e) => e.type))).toEqual(new Set(domainTypes));
    for (const event of emitted) {
      expect(isCatalogEventType(event.type), `${event.type} is not in the catalog`).toBe(true);
      if (!isCatalogEventType(event.type)) continue;
      const entry = eventCatalog[event.type];
      const data: unknown = JSON.parse(event.data);
      expect(entry.data.safeParse(data).error, event.type).toBeUndefined();
      const fields = eventFields(entry.data);
      const listed = new Set(fields.map((f) => f.path));
      // A map (an object without listed properties) is one field: its keys are the caller's.
      const opaque = new Set(
        fields
          .filter(
            (f) => f.type === 'object' && !fields.some((g) => g.path.startsWith(`${f.path}.`)),
          )
          .map((f) => f.path),
      );
      for (const path of pathsOf(data, '', opaque)) {
        expect(
          listed.has(path),
          `${event.type} sends ${path}, which the catalog does not list`,
        ).toBe(true);
      }
    }
  });

  it('is answered with descriptions, receivers, fields and samples', async () => {
    const { fx } = await endpointFixture(svc, { url: rx.url });
    const { eventTypes } = dataOf(await fx.send(getAdvancedWebhookEventTypes, {}));
    expect(eventTypes.map((t) => t.type)).toEqual(catalogEventTypes);
    for (const t of eventTypes) {
      const entry = eventCatalog[t.type as keyof typeof eventCatalog];
      expect(t).toEqual({
        type: t.type,
        description: entry.description,
        receivers: [...entry.receivers],
        fields: eventFields(entry.data),
        sample: entry.sample,
      });
    }
  });

  it('gives Send Test Event its samples; any other name still filters and is sent', async () => {
    const { fx, ep, secret } = await endpointFixture(svc, {
      url: `${rx.url}?test-events`,
      filterTypes: ['comment.add', 'huddle.join', 'my_product.thing_happened'],
    });
    expect(ep.filterTypes).toEqual(['comment.add', 'huddle.join', 'my_product.thing_happened']);
    for (const eventType of ['comment.add', 'my_product.thing_happened']) {
      dataOf(await fx.send(sendTestEvent, { endpointId: ep.id, eventType }));
    }
    await svc.app.webhookWorker.runOnce();
    const verifier = new Webhook(secret);
    const bodies = rx.received
      .filter((d) => d.url.endsWith('?test-events'))
      .map(
        (d) =>
          verifier.verify(d.body, d.headers as Record<string, string>) as {
            event: string;
            data: Record<string, unknown>;
          },
      );
    expect(bodies.find((b) => b.event === 'comment.add')?.data).toEqual({
      ...eventCatalog['comment.add'].sample,
      test: true,
    });
    expect(bodies.find((b) => b.event === 'my_product.thing_happened')?.data).toMatchObject({
      message: 'This is a test event of type my_product.thing_happened.',
      test: true,
    });
  });
});
