import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { activitiesIn, strictlyIncreasingClock } from '../../testing/activity-fixtures';
import { addCommentAnnotations, getActivityLogs } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: strictlyIncreasingClock() });
});
afterAll(() => svc.close());

const ann = { userId: 'u-ann', name: 'Ann' };
const bob = { userId: 'u-bob', name: 'Bob' };
const on = { organizationId: 'org-1', documentId: 'doc-1' };

const fixture = () => createWorkspaceFixture(svc);

const recorded = {
  organizationId: 'org-1',
  documentId: 'doc-1',
  changes: null,
  entityTargetData: null,
  actionIcon: null,
  id: expect.stringMatching(/^act_/),
  timestamp: expect.any(Number),
  updatedTimestamp: expect.any(Number),
};

it('records one activity per added comment annotation and one per comment, by their authors', async () => {
  const fx = await fixture();
  const res = await fx.send(addCommentAnnotations, {
    ...on,
    commentAnnotations: [
      {
        annotationId: 'thread',
        commentData: [
          { commentText: 'first', from: ann },
          { commentText: 'reply', from: bob },
        ],
      },
    ],
  });
  const commentIds = res.body.result.data.thread?.commentIds ?? [];
  const annotationTemplate = '{{actionUser}} started a comment thread';
  const commentTemplate = '{{actionUser}} added a comment';
  // One call's activities share its time; their order among themselves is their ids'.
  const listed = await activitiesIn(fx, 'org-1');
  expect(listed).toHaveLength(3);
  expect(listed).toEqual(
    expect.arrayContaining([
      {
        ...recorded,
        featureType: 'comment',
        actionType: 'comment_annotation.add',
        actionUser: ann,
        entityData: { annotationId: 'thread' },
        displayMessageTemplate: annotationTemplate,
        displayMessageTemplateData: null,
      },
      ...[ann, bob].map((actionUser, i) => ({
        ...recorded,
        featureType: 'comment',
        actionType: 'comment.add',
        actionUser,
        entityData: { annotationId: 'thread', commentId: commentIds[i] },
        displayMessageTemplate: commentTemplate,
        displayMessageTemplateData: null,
      })),
    ]),
  );
  // An annotation whose id exists adds nothing, so records nothing.
  await fx.send(addCommentAnnotations, {
    ...on,
    commentAnnotations: [
      { annotationId: 'thread', commentData: [{ commentText: 'x', from: ann }] },
    ],
  });
  expect(await activitiesIn(fx, 'org-1')).toHaveLength(3);
});

it('records one activity per added reaction and recording, none for an id that exists', async () => {
  const fx = await fixture();
  await fx.send(addReactions, {
    ...on,
    reactions: [{ reactionId: 'r-1', annotationId: 'thread', icon: '👍', from: ann }],
  });
  await fx.send(addReactions, {
    ...on,
    reactions: [
      { reactionId: 'r-1', icon: 'again', from: ann },
      { reactionId: 'r-2', icon: '🎉', from: bob },
    ],
  });
  await fx.send(addRecordings, {
    ...on,
    recordings: [
      { recordingId: 'rec-1', type: 'video', url: 'https://m.example.com/v', from: bob },
    ],
  });
  expect(await activitiesIn(fx, 'org-1')).toEqual([
    {
      ...recorded,
      featureType: 'reaction',
      actionType: 'reaction.add',
      actionUser: ann,
      entityData: { reactionId: 'r-1', annotationId: 'thread', icon: '👍' },
      displayMessageTemplate: '{{actionUser}} reacted with {{icon}}',
      displayMessageTemplateData: { icon: '👍' },
    },
    {
      ...recorded,
      featureType: 'reaction',
      actionType: 'reaction.add',
      actionUser: bob,
      entityData: { reactionId: 'r-2', annotationId: null, icon: '🎉' },
      displayMessageTemplate: '{{actionUser}} reacted with {{icon}}',
      displayMessageTemplateData: { icon: '🎉' },
    },
    {
      ...recorded,
      featureType: 'recording',
      actionType: 'recording.add',
      actionUser: bob,
      entityData: { recordingId: 'rec-1', type: 'video' },
      displayMessageTemplate: '{{actionUser}} added a {{type}} recording',
      displayMessageTemplateData: { type: 'video' },
    },
  ]);
  const byType = await fx.send(getActivityLogs, {
    organizationId: 'org-1',
    featureTypes: ['recording'],
  });
  expect(byType.body.result.data.map((a) => a.actionType)).toEqual(['recording.add']);
  const byUser = await fx.send(getActivityLogs, { organizationId: 'org-1', userId: 'u-ann' });
  expect(byUser.body.result.data.map((a) => a.entityData)).toEqual([
    { reactionId: 'r-1', annotationId: 'thread', icon: '👍' },
  ]);
});
