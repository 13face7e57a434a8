import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { exportOf } from '../../testing/user-data-fixtures';
import { addNotifications, getNotifications } from '#contract/notifications';
import { addOrganizations } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addCommentAnnotations } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { headersOf } from '#contract/credentials';
import type { AnyEndpoint } from '#contract/endpoint';
import { getAllUserData } from '#contract/user-data';

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  await seed(fx, 'org-1');
  await seed(fx, 'org-2');
});
afterAll(() => svc.close());

const ann = { userId: 'u-ann', name: 'Ann', email: 'ann@example.com' };
const bob = { userId: 'u-bob', name: 'Bob', email: 'bob@example.com' };
const cat = { userId: 'u-cat', name: 'Cat', email: 'cat@example.com' };

async function post(f: WorkspaceFixture, endpoint: AnyEndpoint, data: unknown) {
  const res = await f.send(endpoint, data);
  if (res.status !== 200) throw new Error(`${endpoint.path}: ${JSON.stringify(res.body)}`);
}

/**
 * In one organization: Ann's and Bob's comments in a thread, a reaction and a recording of each,
 * and notifications that involve Ann as actor, as recipient, as mentioned, as actor and recipient
 * at once, and one that involves only Bob and Cat.
 */
async function seed(f: WorkspaceFixture, organizationId: string) {
  await post(f, addOrganizations, {
    organizations: [{ organizationId, organizationName: organizationId }],
  });
  await post(f, addDocuments, {
    organizationId,
    documents: [{ documentId: 'doc-1', documentName: 'Doc' }],
  });
  const on = { organizationId, documentId: 'doc-1' };
  await post(f, addCommentAnnotations, {
    ...on,
    commentAnnotations: [
      {
        annotationId: 'a-1',
        commentData: [
          { commentText: `Ann in ${organizationId}`, from: ann },
          { commentText: 'Bob replies', from: bob },
        ],
      },
    ],
  });
  await post(f, addReactions, {
    ...on,
    reactions: [
      { reactionId: 'r-ann', annotationId: 'a-1', icon: '👍', from: ann },
      { reactionId: 'r-bob', icon: 'heart', from: bob },
    ],
  });
  await post(f, addRecordings, {
    ...on,
    recordings: [
      { recordingId: 'rec-ann', type: 'audio', url: 'https://cdn.example.com/a.mp3', from: ann },
      { recordingId: 'rec-bob', type: 'video', url: 'https://cdn.example.com/b.mp4', from: bob },
    ],
  });
  const notification = (id: string, extra: Record<string, unknown>) =>
    post(f, addNotifications, {
      ...on,
      notificationId: id,
      displayHeadlineMessageTemplate: '{actionUser} wrote',
      displayBodyMessage: 'Body',
      notifyAll: false,
      ...extra,
    });
  await notification('n-acted', { actionUser: ann, notifyUsers: [bob] });
  await notification('n-received', { actionUser: bob, notifyUsers: [ann, cat] });
  await notification('n-mentioned', {
    actionUser: bob,
    notifyUsers: [cat],
    displayHeadlineMessageTemplateData: { recipientUser: ann },
  });
  await notification('n-both', { actionUser: ann, notifyUsers: [ann, bob] });
  await notification('n-others', { actionUser: bob, notifyUsers: [cat] });
}

describe('Get All User Data', () => {
  it('exports the user’s comments, reactions, recordings and notifications with their fields', async () => {
    const res = await exportOf(fx)({ organizationId: 'org-1', userId: 'u-ann' });
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    expect(res.body.result.nextPageToken).toBeNull();
    const { comments, reactions, recordings, notifications } = res.body.result.data;
    expect(comments).toEqual([
      {
        annotationId: 'a-1',
        documentId: 'doc-1',
        commentId: expect.any(String),
        commentText: 'Ann in org-1',
        from: ann,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(reactions).toEqual([
      {
        reactionId: 'r-ann',
        documentId: 'doc-1',
        annotationId: 'a-1',
        icon: '👍',
        from: ann,
        createdAt: expect.any(String),
      },
    ]);
    expect(recordings).toEqual([
      {
        recordingId: 'rec-ann',
        documentId: 'doc-1',
        type: 'audio',
        url: 'https://cdn.example.com/a.mp3',
        from: ann,
        createdAt: expect.any(String),
      },
    ]);
    // Each once, in time order: the one Ann acted in and received is not repeated.
    expect(notifications.map((n) => n.id)).toEqual([
      'n-acted',
      'n-received',
      'n-mentioned',
      'n-both',
    ]);
    expect(notifications[2]).toEqual({
      id: 'n-mentioned',
      notificationSource: 'custom',
      actionUser: bob,
      displayHeadlineMessageTemplate: '{actionUser} wrote',
      displayHeadlineMessageTemplateData: { recipientUser: ann },
      displayBodyMessage: 'Body',
      metadata: { apiKey: fx.apiKey, documentId: 'doc-1', organizationId: 'org-1' },
      notifyUsers: [cat],
      notifyAll: false,
      timestamp: expect.any(Number),
    });
  });

  it('leaves out other users’, other organizations’ and other API keys’ data', async () => {
    const bobs = await exportOf(fx)({ organizationId: 'org-2', userId: 'u-bob' });
    const data = bobs.body.result.data;
    expect(data.comments.map((c) => c.commentText)).toEqual(['Bob replies']);
    expect(data.reactions.map((r) => r.reactionId)).toEqual(['r-bob']);
    expect(data.recordings.map((r) => r.recordingId)).toEqual(['rec-bob']);
    expect(data.notifications.map((n) => n.id)).toEqual([
      'n-acted',
      'n-received',
      'n-mentioned',
      'n-both',
      'n-others',
    ]);
    expect(
      data.notifications.every((n) => JSON.stringify(n).includes('"organizationId":"org-2"')),
    ).toBe(true);
    const other = await createWorkspaceFixture(svc);
    const none = await exportOf(other)({ organizationId: 'org-1', userId: 'u-ann' });
    expect(none.body.result).toMatchObject({
      data: { comments: [], reactions: [], recordings: [], notifications: [] },
      nextPageToken: null,
    });
  });

  it('answers empty lists for a user or an organization without data', async () => {
    for (const data of [
      { organizationId: 'org-1', userId: 'u-nobody' },
      { organizationId: 'org-unknown', userId: 'u-ann' },
    ]) {
      const res = await exportOf(fx)(data);
      expect(res.status).toBe(200);
      expect(res.body.result.data).toEqual({
        comments: [],
        reactions: [],
        recordings: [],
        notifications: [],
      });
      expect(res.body.result.nextPageToken).toBeNull();
    }
  });

  it('refuses bad input with the error envelope and its numeric code', async () => {
    const call = exportOf(fx);
    for (const data of [
      {},
      { organizationId: 'org-1' },
      { userId: 'u-ann' },
      { organizationId: '', userId: 'u-ann' },
      { organizationId: 'org-1', userId: 7 },
      { organizationId: 'org-1', userId: 'u-ann', pageToken: 'not-a-token' },
      { organizationId: 'org-1', userId: 'u-ann', pageToken: 12 },
    ]) {
      const res = await call(data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: expect.any(String),
        code: 400,
      });
    }
    const raw = await svc.fetch(getAllUserData.path, {
      method: 'POST',
      headers: { ...headersOf(fx.credentials.apiKey), 'content-type': 'application/json' },
      body: '{"data": ',
    });
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: expect.any(String), code: 400 },
    });
    const unknownKey = await fx.send(
      getAllUserData,
      { organizationId: 'org-1', userId: 'u-ann' },
      { credentials: { ...fx.credentials.apiKey, id: 'no-such-key' } },
    );
    expect(unknownKey.body).toEqual({
      error: { status: 'PERMISSION_DENIED', message: 'Invalid API key.', code: 403 },
    });
  });

  it('keeps the other endpoints’ error envelope without a code', async () => {
    const res = await fx.send(getNotifications, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: expect.any(String) },
    });
  });
});
