import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { webhooksOf } from '../../testing/webhook-fixtures';
import { addCommentAnnotations } from '#contract/activities';
import { updateAdvancedWebhookConfig } from '#contract/webhooks';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
});
afterAll(() => svc.close());

const user = { userId: 'u-1', name: 'Ann', email: 'ann@example.com' };

/** Outbox rows of an endpoint: event type and channel, oldest first. */
async function outbox(endpointId: string) {
  await svc.app.webhookWorker.fanOutAll();
  return rows<{ event_type: string; channel: string | null; payload: string }>(
    svc.database.db,
    sql`select event_type, channel, payload from webhook_messages
        where endpoint_id = ${endpointId} order by created_at, event_type desc, id`,
  );
}

async function endpointOf(fx: WorkspaceFixture, data: Record<string, unknown> = {}) {
  return webhooksOf(fx).createEndpoint({
    url: 'https://h.example.com',
    ...data,
  });
}

describe('Add Comment Annotations', () => {
  it('stores annotations and comments, generating the ids not given', async () => {
    const fx = await createWorkspaceFixture(svc);
    const res = await fx.send(addCommentAnnotations, {
      organizationId: 'org-1',
      documentId: 'doc-1',
      commentAnnotations: [
        { annotationId: 'ann-given', commentData: [{ commentText: 'first', from: user }] },
        {
          commentData: [
            { commentText: 'second', from: user },
            { commentText: 'third', from: { userId: 'u-2' } },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    const data = res.body.result.data;
    const generated = Object.keys(data).find((k) => k !== 'ann-given') ?? '';
    expect(generated).toMatch(/^ann_/);
    expect(data['ann-given']).toEqual({
      success: true,
      annotationId: 'ann-given',
      commentIds: [expect.stringMatching(/^cmt_/)],
      message: 'Comment annotation added successfully.',
    });
    expect(data[generated]?.commentIds).toHaveLength(2);
    const stored = await rows<{ annotation_id: string; comment_text: string }>(
      svc.database.db,
      sql`select annotation_id, comment_text from comments where api_key_id = ${fx.apiKey}
          order by comment_text`,
    );
    expect(stored).toEqual([
      { annotation_id: 'ann-given', comment_text: 'first' },
      { annotation_id: generated, comment_text: 'second' },
      { annotation_id: generated, comment_text: 'third' },
    ]);
  });

  it('reports an existing annotation id per item and writes the others', async () => {
    const fx = await createWorkspaceFixture(svc);
    const one = { annotationId: 'dup', commentData: [{ commentText: 'a', from: user }] };
    await fx.send(addCommentAnnotations, {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: [one],
    });
    const res = await fx.send(addCommentAnnotations, {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: [
        { ...one, commentData: [{ commentText: 'replaced?', from: user }] },
        { annotationId: 'fresh', commentData: [{ commentText: 'b', from: user }] },
      ],
    });
    expect(res.body.result.data.dup).toEqual({
      success: false,
      annotationId: 'dup',
      commentIds: [],
      message: 'A comment annotation with the id dup already exists.',
    });
    expect(res.body.result.data.fresh?.success).toBe(true);
    const texts = await rows<{ comment_text: string }>(
      svc.database.db,
      sql`select comment_text from comments where api_key_id = ${fx.apiKey} order by 1`,
    );
    expect(texts.map((t) => t.comment_text)).toEqual(['a', 'b']);
  });

  it('refuses invalid input whole: nothing stored, no event queued', async () => {
    const fx = await createWorkspaceFixture(svc);
    await webhooksOf(fx).enable();
    const ep = await endpointOf(fx);
    const res = await fx.send(addCommentAnnotations, {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: [
        { commentData: [{ commentText: 'ok', from: user }] },
        { commentData: [] },
      ],
    });
    expect(res.status).toBe(400);
    const nul = await fx.send(addCommentAnnotations, {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: [{ commentData: [{ commentText: 'a\u0000b', from: user }] }],
    });
    expect(nul.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message:
          'data.commentAnnotations[0].commentData[0].commentText must not contain the character U+0000.',
      },
    });
    const stored = await rows(
      svc.database.db,
      sql`select 1 from comment_annotations where api_key_id = ${fx.apiKey}`,
    );
    expect(stored).toEqual([]);
    expect(await outbox(ep.id)).toEqual([]);
  });
});

describe('Events of Add Comment Annotations', () => {
  it('queues comment_annotation.add and one comment.add per comment, per matching endpoint', async () => {
    const fx = await createWorkspaceFixture(svc);
    const wh = webhooksOf(fx);
    await wh.enable();
    const all = await endpointOf(fx);
    const commentsOnly = await endpointOf(fx, { filterTypes: ['comment.add'] });
    const org2 = await endpointOf(fx, { channels: ['org-2'] });
    const both = await endpointOf(fx, { channels: ['org-1', 'org-3'] });
    const disabled = await endpointOf(fx, { disabled: true });
    await fx.send(addCommentAnnotations, {
      organizationId: 'org-1',
      documentId: 'doc-1',
      commentAnnotations: [
        {
          commentData: [
            { commentText: 'x', from: user },
            { commentText: 'y', from: user },
          ],
        },
      ],
    });
    const three = [
      { event_type: 'comment_annotation.add', channel: 'org-1' },
      { event_type: 'comment.add', channel: 'org-1' },
      { event_type: 'comment.add', channel: 'org-1' },
    ];
    const shape = async (id: string) =>
      (await outbox(id)).map((m) => ({ event_type: m.event_type, channel: m.channel }));
    expect(await shape(all.id)).toEqual(three);
    expect(await shape(both.id)).toEqual(three);
    expect(await shape(commentsOnly.id)).toEqual(three.slice(1));
    expect(await shape(org2.id)).toEqual([]);
    expect(await shape(disabled.id)).toEqual([]);

    const [first] = await outbox(all.id);
    const payload = JSON.parse(first?.payload ?? '{}') as Record<string, unknown>;
    expect(Object.keys(payload)).toEqual([
      'event',
      'actionType',
      'source',
      'data',
      'webhookId',
      'platform',
    ]);
    expect(payload).toMatchObject({
      event: 'comment_annotation.add',
      actionType: 'add',
      source: 'api',
      platform: 'server',
      webhookId: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      data: {
        organizationId: 'org-1',
        documentId: 'doc-1',
        commentAnnotation: { comments: [{ commentText: 'x' }, { commentText: 'y' }] },
      },
    });
  });

  it('queues nothing while the feature is off, and a re-enabled endpoint gets nothing from before', async () => {
    const fx = await createWorkspaceFixture(svc);
    const wh = webhooksOf(fx);
    await wh.enable();
    const ep = await endpointOf(fx);
    const once = { organizationId: 'o', documentId: 'd' };
    const comment = (text: string) => ({
      ...once,
      commentAnnotations: [{ commentData: [{ commentText: text, from: user }] }],
    });
    await wh.updateEndpoint({ endpointId: ep.id, disabled: true });
    await fx.send(addCommentAnnotations, comment('while disabled'));
    await fx.send(updateAdvancedWebhookConfig, { isEnabled: false });
    await fx.send(addCommentAnnotations, comment('while off'));
    expect(await outbox(ep.id)).toEqual([]);
    await wh.enable();
    await wh.updateEndpoint({ endpointId: ep.id, disabled: false });
    await fx.send(addCommentAnnotations, comment('after'));
    expect((await outbox(ep.id)).map((m) => m.event_type)).toEqual([
      'comment_annotation.add',
      'comment.add',
    ]);
  });

  it('never queues an event for another key’s endpoints', async () => {
    const a = await createWorkspaceFixture(svc);
    const b = await createWorkspaceFixture(svc);
    await webhooksOf(b).enable();
    const theirs = await endpointOf(b);
    await a.send(addCommentAnnotations, {
      organizationId: 'o',
      documentId: 'd',
      commentAnnotations: [{ commentData: [{ commentText: 'mine', from: user }] }],
    });
    expect(await outbox(theirs.id)).toEqual([]);
  });
});
