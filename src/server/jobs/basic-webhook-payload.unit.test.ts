import { describe, expect, it } from 'vitest';
import { basicPayload } from './basic-webhook-payload';

const stored = (event: string, data: unknown) =>
  JSON.stringify({
    event,
    actionType: event.split('.')[1],
    source: 'api',
    data,
    webhookId: 'msg_1',
    platform: 'server',
  });

const from = { userId: 'u-1', name: 'Ann' };
const where = { organizationId: 'org-1', documentId: 'doc-1' };
const metadata = {
  apiKey: 'key-1',
  clientDocumentId: 'doc-1',
  documentId: 'doc-1',
  clientOrganizationId: 'org-1',
  organizationId: 'org-1',
};

describe('the basic payload of a stored event', () => {
  it('names each trigger with the hosted actionType and feature', () => {
    const comment = { commentId: 'c1', commentText: 'hi', from };
    expect(
      basicPayload(
        stored('comment.reaction_add', { ...where, annotationId: 'a1', comment }),
        'key-1',
      ),
    ).toEqual({
      webhookId: 'msg_1',
      commentAnnotation: { annotationId: 'a1', ...where },
      targetComment: comment,
      actionType: 'reactionAdded',
      notificationSource: 'comment',
      actionUser: from,
      metadata,
      platform: 'server',
    });
    expect(basicPayload(stored('huddle.create', { ...where, actionUser: from }), 'key-1')).toEqual({
      webhookId: 'msg_1',
      actionType: 'created',
      notificationSource: 'huddle',
      actionUser: from,
      metadata,
      platform: 'server',
    });
  });

  it('puts a notification in the processed form, and survives a payload without data', () => {
    expect(
      basicPayload(stored('notification.add', { id: 'n1', metadata: { apiKey: 'key-1' } }), 'k'),
    ).toEqual({
      webhookId: 'msg_1',
      actionType: 'notificationAdded',
      id: 'n1',
      metadata: { apiKey: 'key-1' },
      platform: 'server',
    });
    expect(basicPayload('{"event":"comment.add","webhookId":"msg_2"}', 'k')).toEqual({
      webhookId: 'msg_2',
      commentAnnotation: {},
      actionType: 'added',
      notificationSource: 'comment',
      metadata: { apiKey: 'k' },
      platform: 'server',
    });
  });
});
