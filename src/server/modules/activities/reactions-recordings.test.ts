import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { activitiesIn } from '../../testing/activity-fixtures';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const ann = { userId: 'u-ann', name: 'Ann', email: 'ann@example.com' };
const bob = { userId: 'u-bob' };
const on = { organizationId: 'org-1', documentId: 'doc-1' };

const fixture = () => createWorkspaceFixture(svc);

const reactionsOf = (fx: WorkspaceFixture) =>
  rows<Record<string, unknown>>(
    svc.database.db,
    sql`select reaction_id, document_id, annotation_id, icon, "from", from_user_id from reactions
      where api_key_id = ${fx.apiKey} order by reaction_id`,
  );

const recordingsOf = (fx: WorkspaceFixture) =>
  rows<Record<string, unknown>>(
    svc.database.db,
    sql`select recording_id, document_id, type, url, duration_ms, from_user_id from recordings
      where api_key_id = ${fx.apiKey} order by recording_id`,
  );

describe('Add Reactions', () => {
  it('stores each reaction with its author id, generating the ids not given', async () => {
    const fx = await fixture();
    const res = await fx.send(addReactions, {
      ...on,
      reactions: [
        { reactionId: 'r-1', annotationId: 'ann-1', icon: '👍', from: ann },
        { icon: 'heart', from: bob },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.message).toBe('Reactions processed.');
    const generated = Object.keys(res.body.result.data).find((k) => k !== 'r-1') ?? '';
    expect(generated).toMatch(/^rxn_/);
    expect(res.body.result.data).toEqual({
      'r-1': { success: true, id: 'r-1', message: 'Reaction added.' },
      [generated]: { success: true, id: generated, message: 'Reaction added.' },
    });
    expect(await reactionsOf(fx)).toEqual(
      [
        {
          reaction_id: 'r-1',
          document_id: 'doc-1',
          annotation_id: 'ann-1',
          icon: '👍',
          from: ann,
          from_user_id: 'u-ann',
        },
        {
          reaction_id: generated,
          document_id: 'doc-1',
          annotation_id: null,
          icon: 'heart',
          from: bob,
          from_user_id: 'u-bob',
        },
      ].sort((a, b) => a.reaction_id.localeCompare(b.reaction_id)),
    );
  });

  it('reports an id that exists per item, keeps the stored reaction, and writes the others', async () => {
    const fx = await fixture();
    await fx.send(addReactions, { ...on, reactions: [{ reactionId: 'r', icon: 'a', from: ann }] });
    const res = await fx.send(addReactions, {
      ...on,
      reactions: [
        { reactionId: 'r', icon: 'replaced?', from: bob },
        { reactionId: 's', icon: 'b', from: bob },
      ],
    });
    expect(res.body.result.data).toEqual({
      r: { success: false, id: 'r', message: 'A reaction with the id r already exists.' },
      s: { success: true, id: 's', message: 'Reaction added.' },
    });
    expect((await reactionsOf(fx)).map((r) => [r.reaction_id, r.icon])).toEqual([
      ['r', 'a'],
      ['s', 'b'],
    ]);
  });

  it.each([
    [{ organizationId: 'o', reactions: [{ icon: 'a', from: ann }] }],
    [
      {
        ...on,
        reactions: [
          { icon: 'a', from: ann },
          { icon: '   ', from: ann },
        ],
      },
    ],
    [
      {
        ...on,
        reactions: [
          { icon: 'a', from: ann },
          { icon: 'b', from: { name: 'no id' } },
        ],
      },
    ],
    [{ ...on, reactions: [] }],
  ])('refuses %j whole with INVALID_ARGUMENT: no reaction, no activity', async (data) => {
    const fx = await fixture();
    const res = await fx.send(addReactions, data);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(await reactionsOf(fx)).toEqual([]);
    expect(await activitiesIn(fx, 'org-1')).toEqual([]);
  });
});

describe('Add Recordings', () => {
  it('stores each recording with its author id, generating the ids not given', async () => {
    const fx = await fixture();
    const res = await fx.send(addRecordings, {
      ...on,
      recordings: [
        {
          recordingId: 'rec-1',
          type: 'screen',
          url: 'https://media.example.com/1.webm',
          durationMs: 61_000,
          from: ann,
        },
        { type: 'audio', url: 'https://media.example.com/2.ogg', from: bob },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.message).toBe('Recordings processed.');
    const generated = Object.keys(res.body.result.data).find((k) => k !== 'rec-1') ?? '';
    expect(generated).toMatch(/^rec_/);
    expect(res.body.result.data[generated]).toEqual({
      success: true,
      id: generated,
      message: 'Recording added.',
    });
    const stored = await recordingsOf(fx);
    expect(stored).toContainEqual({
      recording_id: 'rec-1',
      document_id: 'doc-1',
      type: 'screen',
      url: 'https://media.example.com/1.webm',
      duration_ms: 61_000,
      from_user_id: 'u-ann',
    });
    expect(stored).toContainEqual({
      recording_id: generated,
      document_id: 'doc-1',
      type: 'audio',
      url: 'https://media.example.com/2.ogg',
      duration_ms: null,
      from_user_id: 'u-bob',
    });
  });

  it('reports an id that exists per item and writes the others', async () => {
    const fx = await fixture();
    const one = { recordingId: 'x', type: 'video', url: 'https://m.example.com/x', from: ann };
    await fx.send(addRecordings, { ...on, recordings: [one] });
    const res = await fx.send(addRecordings, {
      ...on,
      recordings: [
        { ...one, url: 'https://m.example.com/replaced' },
        { ...one, recordingId: 'y' },
      ],
    });
    expect(res.body.result.data).toEqual({
      x: { success: false, id: 'x', message: 'A recording with the id x already exists.' },
      y: { success: true, id: 'y', message: 'Recording added.' },
    });
    expect((await recordingsOf(fx)).map((r) => [r.recording_id, r.url])).toEqual([
      ['x', 'https://m.example.com/x'],
      ['y', 'https://m.example.com/x'],
    ]);
  });

  const good = { type: 'audio', url: 'https://m.example.com/a', from: ann };
  it.each([
    [{ ...on, recordings: [good, { ...good, type: 'photo' }] }, 'data.recordings[1].type'],
    [
      { ...on, recordings: [good, { ...good, url: 'javascript:alert(1)' }] },
      'data.recordings[1].url',
    ],
    [{ ...on, recordings: [{ ...good, durationMs: 1.5 }] }, 'data.recordings[0].durationMs'],
    [{ ...on, recordings: [{ ...good, durationMs: -1 }] }, 'data.recordings[0].durationMs'],
    [{ organizationId: 'o', recordings: [good] }, 'data.documentId'],
  ])('refuses %j whole with INVALID_ARGUMENT naming the field', async (data, field) => {
    const fx = await fixture();
    const res = await fx.send(addRecordings, data);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining(field) },
    });
    expect(await recordingsOf(fx)).toEqual([]);
    expect(await activitiesIn(fx, 'org-1')).toEqual([]);
  });
});
