import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addActivityLogs, addCommentAnnotations, updateActivityLogs } from '#contract/activities';
import { getActivityConfig, updateActivityConfig } from '#contract/activity-config';
import { addDocuments, migrateDocuments } from '#contract/documents';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { activitiesIn, strictlyIncreasingClock } from '../../testing/activity-fixtures';
import { insertOrganization } from '../../testing/document-fixtures';

let svc: TestService;
beforeAll(async () => {
  // Document migrations run when the test says (runOnce), not when a background pass claims them.
  svc = await startTestService({
    clock: strictlyIncreasingClock(),
    jobRunner: { background: false },
  });
});
afterAll(() => svc.close());

const ann = { userId: 'u-ann', name: 'Ann' };
const bob = { userId: 'u-bob', name: 'Bob' };
const on = { organizationId: 'org-1', documentId: 'doc-1' };
const success = (message: string, data: unknown) => ({
  result: { status: 'success', message, data },
});
const invalid = (message: string) => ({ error: { status: 'INVALID_ARGUMENT', message } });

const configure = (fx: WorkspaceFixture, activityServiceConfig: Record<string, unknown>) =>
  fx.call(updateActivityConfig, { activityServiceConfig });

/** One comment thread of two comments, one reaction and one recording: what each records. */
async function writeEachFeature(fx: WorkspaceFixture, annotationId: string) {
  await fx.call(addCommentAnnotations, {
    ...on,
    commentAnnotations: [
      {
        annotationId,
        commentData: [
          { commentText: 'first', from: ann },
          { commentText: 'reply', from: bob },
        ],
      },
    ],
  });
  await fx.call(addReactions, { ...on, reactions: [{ icon: '👍', from: ann }] });
  await fx.call(addRecordings, {
    ...on,
    recordings: [{ type: 'audio', url: 'https://r.example.com/a.mp3', from: bob }],
  });
}

/** The action types recorded, sorted: one call's activities share a time, so any order. */
const actionTypes = async (fx: WorkspaceFixture) =>
  (await activitiesIn(fx, on.organizationId)).map((a) => a.actionType).sort();
const sorted = (types: string[]) => [...types].sort();

describe('Get Activity Config', () => {
  it('answers the defaults of a key never configured: recording on, mutable, every trigger on', async () => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(getActivityConfig, {});
    expect(reply.body).toEqual(
      success('Activity logs configuration retrieved successfully.', {
        activityServiceConfig: {
          isEnabled: true,
          immutable: false,
          triggers: { comment: { 'comment_annotation.add': true, 'comment.add': true } },
        },
      }),
    );
  });
});

describe('Update Activity Config', () => {
  it('merges the fields given into the saved settings and keeps the others', async () => {
    const fx = await createWorkspaceFixture(svc);
    const first = await fx.send(updateActivityConfig, {
      activityServiceConfig: { immutable: true },
    });
    expect(first.body.result.message).toBe('Activity logs configuration updated successfully.');
    await configure(fx, { triggers: { comment: { 'comment.add': false } } });
    const saved = {
      isEnabled: true,
      immutable: true,
      triggers: { comment: { 'comment_annotation.add': true, 'comment.add': false } },
    };
    expect(await fx.call(getActivityConfig, {})).toMatchObject({
      data: { activityServiceConfig: saved },
    });
  });

  it('stamps enabledTime when recording is turned on, unless one is given', async () => {
    const fx = await createWorkspaceFixture(svc);
    await configure(fx, { isEnabled: false });
    const before = Date.now();
    const on1 = await configure(fx, { isEnabled: true });
    const stamped = on1.data.activityServiceConfig.enabledTime ?? 0;
    expect(stamped).toBeGreaterThanOrEqual(before);
    await configure(fx, { immutable: true });
    expect((await fx.call(getActivityConfig, {})).data.activityServiceConfig.enabledTime).toBe(
      stamped,
    );
    await configure(fx, { enabledTime: 1_700_000_000_000 });
    expect((await fx.call(getActivityConfig, {})).data.activityServiceConfig.enabledTime).toBe(
      1_700_000_000_000,
    );
  });

  it('refuses an empty update, an unknown field and a trigger that records nothing', async () => {
    const fx = await createWorkspaceFixture(svc);
    const cases: [unknown, string][] = [
      [{ activityServiceConfig: {} }, 'At least one field must be provided for update'],
      [{}, 'data.activityServiceConfig is required'],
      [
        { activityServiceConfig: { immutable: 'yes' } },
        'data.activityServiceConfig.immutable must be a boolean, not a string',
      ],
      [
        { activityServiceConfig: { enabledTime: 8_640_000_000_000_000 } },
        'data.activityServiceConfig.enabledTime must be a time in ms since the epoch before the year 10000',
      ],
      [
        { activityServiceConfig: { triggers: { comment: { 'comment.edit': true } } } },
        'data.activityServiceConfig.triggers.comment.comment.edit is not a comment event that records activities; one of comment_annotation.add, comment.add',
      ],
    ];
    for (const [data, message] of cases) {
      const reply = await fx.send(updateActivityConfig, data);
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 400,
        body: invalid(message),
      });
    }
    expect((await fx.call(getActivityConfig, {})).data.activityServiceConfig.immutable).toBe(false);
  });
});

describe('the effects of the activity settings', () => {
  it('immutable refuses every item of Update Activity Logs and changes nothing', async () => {
    const fx = await createWorkspaceFixture(svc);
    await fx.call(addActivityLogs, {
      organizationId: on.organizationId,
      activities: [
        { id: 'a1', featureType: 'custom', actionType: 'x.done', actionUser: ann },
        { id: 'a2', featureType: 'custom', actionType: 'x.done', actionUser: ann },
      ],
    });
    const before = await activitiesIn(fx, on.organizationId);
    await configure(fx, { immutable: true });
    const reply = await fx.send(updateActivityLogs, {
      organizationId: on.organizationId,
      activities: [
        { id: 'a1', displayMessageTemplate: 'changed' },
        { id: 'a2', actionIcon: 'star' },
      ],
    });
    const refused = {
      success: false,
      message:
        'Activity logs are immutable for this API key (Update Activity Config): nothing was changed.',
    };
    expect(reply.status).toBe(200);
    expect(reply.body.result.data).toEqual({ a1: refused, a2: refused });
    expect(await activitiesIn(fx, on.organizationId)).toEqual(before);

    await configure(fx, { immutable: false });
    const after = await fx.call(updateActivityLogs, {
      organizationId: on.organizationId,
      activities: [{ id: 'a1', displayMessageTemplate: 'changed' }],
    });
    expect(after.data).toEqual({ a1: { success: true, message: 'Activity updated.' } });
  });

  it('isEnabled: false stops the activities comments, reactions and recordings record', async () => {
    const fx = await createWorkspaceFixture(svc);
    await writeEachFeature(fx, 'while-on');
    const recorded = [
      'comment_annotation.add',
      'comment.add',
      'comment.add',
      'reaction.add',
      'recording.add',
    ];
    expect(await actionTypes(fx)).toEqual(sorted(recorded));

    await configure(fx, { isEnabled: false });
    await writeEachFeature(fx, 'while-off');
    expect(await actionTypes(fx)).toEqual(sorted(recorded));
    // A client's own records are not the service's: Add Activity Logs still writes them.
    await fx.call(addActivityLogs, {
      organizationId: on.organizationId,
      activities: [{ id: 'own', featureType: 'custom', actionType: 'x.done', actionUser: ann }],
    });
    expect(await actionTypes(fx)).toEqual(sorted([...recorded, 'x.done']));

    await configure(fx, { isEnabled: true });
    await writeEachFeature(fx, 'on-again');
    expect(await actionTypes(fx)).toEqual(sorted([...recorded, 'x.done', ...recorded]));
  });

  it('isEnabled: false stops the activity a document migration records too', async () => {
    const fx = await createWorkspaceFixture(svc);
    await insertOrganization(svc.database.db, fx.apiKey, on.organizationId);
    await fx.call(addDocuments, {
      organizationId: on.organizationId,
      documents: [
        { documentId: 'doc-a', documentName: 'A' },
        { documentId: 'doc-b', documentName: 'B' },
      ],
    });
    const migrate = async (documentId: string) => {
      await fx.call(migrateDocuments, {
        organizationId: on.organizationId,
        documentId,
        newDocumentId: `${documentId}-moved`,
      });
      await svc.app.jobRunner.runOnce();
    };
    await configure(fx, { isEnabled: false });
    await migrate('doc-a');
    expect(await actionTypes(fx)).toEqual([]);
    await configure(fx, { isEnabled: true });
    await migrate('doc-b');
    expect(await actionTypes(fx)).toEqual(['document.migrate']);
  });

  it('triggers choose which comment events record activities, and leave the rest alone', async () => {
    const fx = await createWorkspaceFixture(svc);
    await configure(fx, { triggers: { comment: { 'comment.add': false } } });
    await writeEachFeature(fx, 'threads-only');
    expect(await actionTypes(fx)).toEqual([
      'comment_annotation.add',
      'reaction.add',
      'recording.add',
    ]);

    await configure(fx, {
      triggers: { comment: { 'comment.add': true, 'comment_annotation.add': false } },
    });
    await writeEachFeature(fx, 'comments-only');
    expect(await actionTypes(fx)).toEqual(
      sorted([
        'comment_annotation.add',
        'reaction.add',
        'recording.add',
        'comment.add',
        'comment.add',
        'reaction.add',
        'recording.add',
      ]),
    );
  });

  it('belongs to one key: another key of the workspace keeps recording', async () => {
    const fx = await createWorkspaceFixture(svc);
    const other = await createWorkspaceFixture(svc);
    await configure(fx, { isEnabled: false });
    await writeEachFeature(other, 'other-key');
    expect(await actionTypes(other)).toHaveLength(5);
  });
});
