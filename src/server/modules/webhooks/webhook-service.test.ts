import { openSealed, receiverKeys } from '../../testing/sealed-payload';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCommentAnnotations } from '#contract/activities';
import { addNotifications } from '#contract/notifications';
import { getAdvancedWebhookEndpoints } from '#contract/webhooks';
import {
  defaultWebhookServiceTriggers,
  getWebhookServiceConfig,
  listWebhookServiceDeliveries,
  sendWebhookServiceTestEvent,
  updateWebhookServiceConfig,
} from '#contract/webhook-service';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { notificationBody } from '../../testing/notification-fixtures';
import { dataOf } from '../../testing/replies';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { webhooksOf } from '../../testing/webhook-fixtures';
import { type Delivery, type Receiver, startReceiver } from '../../testing/webhook-receiver';

const now = Date.now();
let svc: TestService;
let rx: Receiver;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    webhookWorker: { background: false, timeoutMs: 500 },
  });
  rx = await startReceiver();
});
afterAll(async () => {
  await svc.close();
  await rx.close();
});
afterEach(() => rx.reset());

const runOnce = () => svc.app.webhookWorker.runOnce();
const TOKEN = 'basic-token-4f9c2a7e1b';
const configure = async (fx: WorkspaceFixture, config: Record<string, unknown> = {}) =>
  dataOf(
    await fx.send(updateWebhookServiceConfig, {
      useWebhookService: true,
      webhookServiceConfig: { authToken: TOKEN, rawNotificationUrl: rx.url, ...config },
    }),
  );
const bodyOf = (d: Delivery | undefined) => JSON.parse(d?.body ?? '{}') as Record<string, unknown>;
const from = { userId: 'u-1', name: 'Ann' };
const invalid = (message: string) => ({ error: { status: 'INVALID_ARGUMENT', message } });

describe('Get and Update Webhook Config', () => {
  it('answers the defaults of a key that never configured it', async () => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(getWebhookServiceConfig, {});
    expect(reply.body).toEqual({
      result: {
        status: 'success',
        message: 'Webhook configuration retrieved successfully.',
        data: {
          useWebhookService: false,
          webhookServiceConfig: {
            authToken: '',
            rawNotificationUrl: '',
            processedNotificationUrl: '',
            encodeData: false,
            encryptData: false,
            publicKey: '',
            triggers: {},
          },
        },
      },
    });
  });

  it('saves merge-only, seeds the hosted triggers on first enable, and masks the token', async () => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(updateWebhookServiceConfig, {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: TOKEN,
        rawNotificationUrl: 'https://hooks.example.com/raw',
        triggers: { 'comment.update': false },
      },
    });
    expect(reply.body).toEqual({
      result: {
        status: 'success',
        message: 'Webhook configuration updated successfully.',
        data: null,
      },
    });
    dataOf(
      await fx.send(updateWebhookServiceConfig, {
        webhookServiceConfig: { processedNotificationUrl: 'https://hooks.example.com/processed' },
      }),
    );
    const got = dataOf(await fx.send(getWebhookServiceConfig, {}));
    expect(got).toEqual({
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'bas••••7e1b',
        rawNotificationUrl: 'https://hooks.example.com/raw',
        processedNotificationUrl: 'https://hooks.example.com/processed',
        encodeData: false,
        encryptData: false,
        publicKey: '',
        triggers: { ...defaultWebhookServiceTriggers, 'comment.update': false },
      },
    });
    expect(defaultWebhookServiceTriggers['comment_annotation.suggestion_accept']).toBe(false);
    expect(defaultWebhookServiceTriggers['comment.add']).toBe(true);
  });

  it('stores the token sealed and never shows it in an answer, the audit log or a log line', async () => {
    const fx = await createWorkspaceFixture(svc);
    await configure(fx);
    const stored = await rows<{ t: string }>(
      svc.database.db,
      sql`select auth_token_enc as t from webhook_service_configs where api_key_id = ${fx.credentials.apiKey.id}`,
    );
    expect(stored[0]?.t).toMatch(/^v2\.[\w-]{8}\./);
    const answers = [
      await fx.send(getWebhookServiceConfig, {}),
      await fx.send(listWebhookServiceDeliveries, {}),
    ];
    const everything = JSON.stringify([
      stored,
      answers.map((a) => a.body),
      await rows(svc.database.db, sql`select * from audit_entries`),
    ]);
    expect(everything).not.toContain(TOKEN);
    expect(svc.logs.join('')).not.toContain(TOKEN);
  });

  it.each([
    [{}, 'At least one of useWebhookService or webhookServiceConfig must be provided.'],
    [
      { webhookServiceConfig: { rawNotificationUrl: 'ftp://example.com/in' } },
      'data.webhookServiceConfig.rawNotificationUrl must be a valid http(s) URL, or empty for none',
    ],
    [
      { webhookServiceConfig: { triggers: { 'comment.explode': true } } },
      `data.webhookServiceConfig.triggers.comment.explode is not a trigger; the triggers are ${Object.keys(defaultWebhookServiceTriggers).join(', ')}`,
    ],
    [
      { webhookServiceConfig: { authToken: 'has space' } },
      'data.webhookServiceConfig.authToken must be printable ASCII without spaces (it travels in a header)',
    ],
    [
      { useWebhookService: true, webhookServiceConfig: { encryptData: true } },
      'data.webhookServiceConfig.publicKey is required while encryptData is true.',
    ],
  ])('refuses %j with its message and changes nothing', async (data, message) => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(updateWebhookServiceConfig, data);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(invalid(message));
    expect(dataOf(await fx.send(getWebhookServiceConfig, {})).useWebhookService).toBe(false);
  });

  it('refuses a public key it cannot read', async () => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(updateWebhookServiceConfig, {
      webhookServiceConfig: { encryptData: true, publicKey: 'not a key' },
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('data.webhookServiceConfig.publicKey');
  });

  it('keeps its URLs out of the advanced endpoints', async () => {
    const fx = await createWorkspaceFixture(svc);
    await webhooksOf(fx).enable();
    await configure(fx);
    const listed = dataOf(await fx.send(getAdvancedWebhookEndpoints, {}));
    expect(listed.endpoints).toEqual([]);
  });
});

describe('URLs that are not public', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService({ env: { WEBHOOK_ALLOW_PRIVATE: 'false' } });
  });
  afterAll(async () => {
    await strict.close();
  });

  it.each(['rawNotificationUrl', 'processedNotificationUrl'])(
    'refuses a private %s and stores nothing',
    async (field) => {
      const fx = await createWorkspaceFixture(strict);
      const reply = await fx.send(updateWebhookServiceConfig, {
        useWebhookService: true,
        webhookServiceConfig: { [field]: 'http://127.0.0.1:9120/hook' },
      });
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toMatch(
        new RegExp(`data\\.webhookServiceConfig\\.${field} must be a public address: `),
      );
      const got = dataOf(await fx.send(getWebhookServiceConfig, {}));
      expect(got.useWebhookService).toBe(false);
      expect(got.webhookServiceConfig[field as 'rawNotificationUrl']).toBe('');
    },
  );
});

describe('deliveries', () => {
  /** One new thread with a comment per text. */
  const addThread = async (fx: WorkspaceFixture, texts: string[]) =>
    dataOf(
      await fx.send(addCommentAnnotations, {
        organizationId: 'org-1',
        documentId: 'doc-1',
        commentAnnotations: [{ commentData: texts.map((commentText) => ({ commentText, from })) }],
      }),
    );

  it('POSTs each event of an enabled trigger with the token, in the basic payload', async () => {
    const fx = await createWorkspaceFixture(svc);
    await configure(fx);
    await addThread(fx, ['first', 'second']);
    await runOnce();
    // The thread's first comment is its newlyAdded, never also an added (webhooks/basic.mdx).
    expect(rx.received).toHaveLength(2);
    for (const d of rx.received) {
      expect(d.headers.authorization).toBe(`Basic ${TOKEN}`);
      expect(d.headers['content-type']).toBe('application/json');
    }
    const byAction = Object.fromEntries(
      rx.received.map(bodyOf).map((body) => [String(body.actionType), body]),
    );
    const comment = (commentText: string) => ({
      commentId: expect.stringMatching(/^cmt_/),
      commentText,
      from,
      createdAt: new Date(now).toISOString(),
    });
    const metadata = {
      apiKey: fx.credentials.apiKey.id,
      clientDocumentId: 'doc-1',
      documentId: 'doc-1',
      clientOrganizationId: 'org-1',
      organizationId: 'org-1',
    };
    expect(byAction.newlyAdded).toEqual({
      webhookId: expect.stringMatching(/^msg_/),
      commentAnnotation: {
        annotationId: expect.stringMatching(/^ann_/),
        organizationId: 'org-1',
        documentId: 'doc-1',
        comments: [comment('first'), comment('second')],
        createdAt: new Date(now).toISOString(),
      },
      targetComment: comment('first'),
      actionType: 'newlyAdded',
      notificationSource: 'comment',
      actionUser: from,
      metadata,
      platform: 'server',
    });
    expect(byAction.added).toMatchObject({
      targetComment: comment('second'),
      actionUser: from,
      metadata,
    });
    const log = dataOf(await fx.send(listWebhookServiceDeliveries, {}));
    // Both at the same time: the log orders them by id then.
    expect(log.messages.map((m) => [m.status, m.payload.actionType]).sort()).toEqual([
      ['delivered', 'added'],
      ['delivered', 'newlyAdded'],
    ]);
    expect(log.messages[0]?.attempts).toMatchObject([{ responseStatus: 200, error: null }]);
  });

  it('sends nothing for a trigger that is off, or while the service is off', async () => {
    const fx = await createWorkspaceFixture(svc);
    await configure(fx, { triggers: { 'comment_annotation.add': false } });
    await addThread(fx, ['first', 'second']);
    await runOnce();
    // The thread's event is off; its first comment is that event, not an added of its own.
    expect(rx.received.map((d) => bodyOf(d).targetComment)).toMatchObject([
      { commentText: 'second' },
    ]);
    expect(bodyOf(rx.received[0]).actionType).toBe('added');
    rx.reset();
    dataOf(await fx.send(updateWebhookServiceConfig, { useWebhookService: false }));
    await addThread(fx, ['nothing']);
    await runOnce();
    expect(rx.received).toEqual([]);
  });

  it('sends { encodedPayload } in base64 with encodeData', async () => {
    const fx = await createWorkspaceFixture(svc);
    await configure(fx, { encodeData: true });
    await addThread(fx, ['<b>encoded</b>']);
    await runOnce();
    const body = bodyOf(rx.received[0]) as { encodedPayload: string };
    expect(Object.keys(body)).toEqual(['encodedPayload']);
    const payload = JSON.parse(Buffer.from(body.encodedPayload, 'base64').toString('utf8')) as {
      actionType: string;
      targetComment: { commentText: string };
    };
    expect(payload.actionType).toBe('newlyAdded');
    expect(payload.targetComment.commentText).toBe('<b>encoded</b>');
  });

  it('encrypts with the public key as the hosted docs describe; the private key decrypts it', async () => {
    // The hosted console takes the key's base64 without PEM lines.
    const { publicKey, privateKey } = receiverKeys();
    const fx = await createWorkspaceFixture(svc);
    await configure(fx, { encryptData: true, publicKey });
    await addThread(fx, ['secret text']);
    await runOnce();
    const d = rx.received[0];
    expect(d?.headers.authorization).toBe(`Basic ${TOKEN}`);
    expect(d?.body).not.toContain('secret text');
    const sealed = bodyOf(d) as Record<string, string>;
    expect(Object.keys(sealed).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
    expect(JSON.parse(openSealed(sealed, privateKey))).toMatchObject({
      actionType: 'newlyAdded',
      targetComment: { commentText: 'secret text' },
    });
  });

  it('sends the notifications Add Notifications creates to processedNotificationUrl', async () => {
    const fx = await createWorkspaceFixture(svc);
    const processed = `${rx.url}?processed`;
    await configure(fx, { rawNotificationUrl: '', processedNotificationUrl: processed });
    dataOf(
      await fx.send(
        addNotifications,
        notificationBody({
          notificationId: 'ntf-1',
          createOrganization: true,
          createDocument: true,
        }),
      ),
    );
    await runOnce();
    expect(rx.received).toHaveLength(1);
    const d = rx.received[0];
    expect(d?.url).toBe('/hook?processed');
    expect(d?.headers.authorization).toBe(`Basic ${TOKEN}`);
    expect(bodyOf(d)).toMatchObject({
      webhookId: expect.stringMatching(/^msg_/),
      actionType: 'notificationAdded',
      id: 'ntf-1',
      notificationSource: 'custom',
      displayHeadlineMessageTemplate: '{actionUser} mentioned you',
      displayBodyMessage: 'Please have a look.',
      metadata: { apiKey: fx.credentials.apiKey.id, organizationId: 'org-1', documentId: 'doc-1' },
      platform: 'server',
    });
    const log = dataOf(await fx.send(listWebhookServiceDeliveries, { target: 'processed' }));
    expect(log.messages.map((m) => m.eventType)).toEqual(['notification.add']);
    expect(dataOf(await fx.send(listWebhookServiceDeliveries, {})).messages).toEqual([]);
  });
});

describe('Send Webhook Service Test Event and the delivery log', () => {
  it('refuses while the service is off or has no raw URL', async () => {
    const fx = await createWorkspaceFixture(svc);
    const off = await fx.send(sendWebhookServiceTestEvent, {});
    expect(off.body).toEqual({
      error: {
        status: 'FAILED_PRECONDITION',
        message:
          'The webhook service is off for this API key. Turn it on with Update Webhook Config (useWebhookService: true).',
      },
    });
    dataOf(await fx.send(updateWebhookServiceConfig, { useWebhookService: true }));
    const noUrl = await fx.send(sendWebhookServiceTestEvent, {});
    expect(noUrl.body).toEqual({
      error: {
        status: 'FAILED_PRECONDITION',
        message:
          'The webhook service has no rawNotificationUrl to send to. Set one with Update Webhook Config.',
      },
    });
  });

  it('delivers a test event whatever the triggers, and pages the log newest first', async () => {
    const fx = await createWorkspaceFixture(svc);
    await configure(fx, { triggers: { 'comment.reaction_add': false } });
    const sent = [];
    for (const eventType of ['comment.add', 'comment.reaction_add', 'huddle.join']) {
      sent.push(dataOf(await fx.send(sendWebhookServiceTestEvent, { eventType })).messageId);
    }
    await runOnce();
    expect(rx.received.map((d) => bodyOf(d).actionType).sort()).toEqual(
      ['added', 'joined', 'reactionAdded'].sort(),
    );
    expect(bodyOf(rx.received.find((d) => bodyOf(d).actionType === 'joined'))).toMatchObject({
      notificationSource: 'huddle',
      test: true,
    });
    const first = dataOf(await fx.send(listWebhookServiceDeliveries, { limit: 2 }));
    expect(first.done).toBe(false);
    const rest = dataOf(
      await fx.send(listWebhookServiceDeliveries, { limit: 2, iterator: first.iterator ?? '' }),
    );
    expect(rest.done).toBe(true);
    const ids = [...first.messages, ...rest.messages].map((m) => m.id);
    expect(new Set(ids)).toEqual(new Set(sent));
    const wrongList = await fx.send(listWebhookServiceDeliveries, {
      target: 'processed',
      iterator: first.iterator ?? '',
    });
    expect(wrongList.status).toBe(400);
  });
});
