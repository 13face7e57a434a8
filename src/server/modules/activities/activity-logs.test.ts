import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { activitiesIn, strictlyIncreasingClock } from '../../testing/activity-fixtures';
import { addActivityLogs, getActivityLogs, updateActivityLogs } from '#contract/activities';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: strictlyIncreasingClock() });
});
afterAll(() => svc.close());

const ann = { userId: 'u-ann', name: 'Ann', email: 'ann@example.com' };
const bob = { userId: 'u-bob', name: 'Bob' };
const invalid = (message: string) => ({ error: { status: 'INVALID_ARGUMENT', message } });

const fixture = () => createWorkspaceFixture(svc);

async function storedCount(fx: WorkspaceFixture): Promise<number> {
  const [row] = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from activities where api_key_id = ${fx.apiKey}`,
  );
  return row?.n ?? 0;
}

const full = {
  id: 'act-full',
  documentId: 'doc-1',
  featureType: 'custom',
  actionType: 'approve',
  actionUser: ann,
  changes: { status: { from: 'open', to: 'approved' } },
  entityData: { list: [1, 2], nested: { ok: true } },
  entityTargetData: 'a plain string',
  displayMessageTemplate: '{{actionUser}} moved {{item}} to {{status}}',
  displayMessageTemplateData: { item: 'Spec', status: 'approved' },
  actionIcon: 'https://icons.example.com/approve.svg',
};

describe('Add Activity Logs', () => {
  it('stores every field as given and answers it from Get Activity Logs, ids generated where absent', async () => {
    const fx = await fixture();
    const res = await fx.send(addActivityLogs, {
      organizationId: 'org-1',
      activities: [full, { featureType: 'comment', actionType: 'add', actionUser: bob }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.message).toBe('Activities processed.');
    const data = res.body.result.data;
    const generated = Object.keys(data).find((k) => k !== 'act-full') ?? '';
    expect(generated).toMatch(/^act_/);
    expect(data).toEqual({
      'act-full': { success: true, id: 'act-full', message: 'Activity added.' },
      [generated]: { success: true, id: generated, message: 'Activity added.' },
    });
    const listed = await activitiesIn(fx, 'org-1');
    const stored = listed.find((a) => a.id === 'act-full');
    expect(stored).toEqual({
      ...full,
      organizationId: 'org-1',
      timestamp: expect.any(Number),
      updatedTimestamp: stored?.timestamp,
    });
    expect(listed.find((a) => a.id === generated)).toEqual({
      id: generated,
      organizationId: 'org-1',
      documentId: null,
      featureType: 'comment',
      actionType: 'add',
      actionUser: bob,
      changes: null,
      entityData: null,
      entityTargetData: null,
      displayMessageTemplate: null,
      displayMessageTemplateData: null,
      actionIcon: null,
      timestamp: expect.any(Number),
      updatedTimestamp: expect.any(Number),
    });
  });

  it('reports an id that exists per item, keeps the stored activity, and writes the others', async () => {
    const fx = await fixture();
    await fx.send(addActivityLogs, { organizationId: 'o', activities: [full] });
    const res = await fx.send(addActivityLogs, {
      organizationId: 'o',
      activities: [
        { ...full, actionType: 'replaced?' },
        { ...full, id: 'fresh' },
      ],
    });
    expect(res.body.result.data).toEqual({
      'act-full': {
        success: false,
        id: 'act-full',
        message: 'An activity with the id act-full already exists.',
      },
      fresh: { success: true, id: 'fresh', message: 'Activity added.' },
    });
    const listed = await activitiesIn(fx, 'o');
    expect(listed.map((a) => [a.id, a.actionType])).toEqual([
      ['act-full', 'approve'],
      ['fresh', 'approve'],
    ]);
    // The same id in another organization is another activity.
    const elsewhere = await fx.send(addActivityLogs, { organizationId: 'o2', activities: [full] });
    expect(elsewhere.body.result.data['act-full']?.success).toBe(true);
  });

  it.each([
    [{ activities: [full] }, 'data.organizationId is required'],
    [
      { organizationId: 'o', activities: [full, { ...full, id: 'b', actionType: undefined }] },
      'data.activities[1].actionType is required',
    ],
    [
      { organizationId: 'o', activities: [{ ...full, actionUser: { name: 'No id' } }] },
      'data.activities[0].actionUser.userId is required',
    ],
    [
      { organizationId: 'o', activities: [{ ...full, changes: { status: 'approved' } }] },
      undefined,
    ],
    [{ organizationId: 'o', activities: [full, full] }, undefined],
  ])('refuses %j whole with INVALID_ARGUMENT and writes nothing', async (data, message) => {
    const fx = await fixture();
    const res = await fx.send(addActivityLogs, data);
    expect(res.status).toBe(400);
    if (message) expect(res.body).toEqual(invalid(message));
    else expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(await storedCount(fx)).toBe(0);
  });
});

describe('Get Activity Logs', () => {
  /** Six activities in a known order: two documents, two users, three types. */
  async function sixActivities() {
    const fx = await fixture();
    const plan = [
      { id: 'a1', documentId: 'd1', featureType: 'comment', actionType: 'add', actionUser: ann },
      { id: 'a2', documentId: 'd2', featureType: 'comment', actionType: 'edit', actionUser: bob },
      { id: 'a3', documentId: 'd1', featureType: 'reaction', actionType: 'add', actionUser: bob },
      { id: 'a4', featureType: 'custom', actionType: 'approve', actionUser: ann },
      { id: 'a5', documentId: 'd1', featureType: 'comment', actionType: 'edit', actionUser: ann },
      { id: 'a6', documentId: 'd2', featureType: 'reaction', actionType: 'add', actionUser: ann },
    ];
    // One call each, so that each has a later time than the one before.
    for (const activity of plan) {
      expect(
        (await fx.send(addActivityLogs, { organizationId: 'org', activities: [activity] })).status,
      ).toBe(200);
    }
    await fx.send(addActivityLogs, {
      organizationId: 'other-org',
      activities: [{ ...plan[0], id: 'x' }],
    });
    const ids = async (filters: Record<string, unknown>) => {
      const res = await fx.send(getActivityLogs, { organizationId: 'org', ...filters });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.data.map((a) => a.id);
    };
    return { fx, ids };
  }

  it('lists the organization’s activities newest first, or oldest first with order asc', async () => {
    const { ids, fx } = await sixActivities();
    expect(await ids({})).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    expect(await ids({ order: 'desc' })).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    expect(await ids({ order: 'asc' })).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    const res = await fx.send(getActivityLogs, { organizationId: 'org' });
    expect(res.body.result.message).toBe('Activities retrieved successfully.');
    expect(res.body.result.nextPageToken).toBeNull();
    const times = res.body.result.data.map((a) => a.timestamp);
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('filters by document, user, feature and action types and ids, each and together', async () => {
    const { ids } = await sixActivities();
    expect(await ids({ documentId: 'd1' })).toEqual(['a5', 'a3', 'a1']);
    expect(await ids({ userId: 'u-bob' })).toEqual(['a3', 'a2']);
    expect(await ids({ featureTypes: ['reaction', 'custom'] })).toEqual(['a6', 'a4', 'a3']);
    expect(await ids({ actionTypes: ['edit'] })).toEqual(['a5', 'a2']);
    expect(await ids({ activityIds: ['a2', 'a6', 'nope'] })).toEqual(['a6', 'a2']);
    expect(
      await ids({ documentId: 'd1', userId: 'u-ann', featureTypes: ['comment'], order: 'asc' }),
    ).toEqual(['a1', 'a5']);
    expect(
      await ids({ documentId: 'd2', actionTypes: ['add'], activityIds: ['a6', 'a1'] }),
    ).toEqual(['a6']);
    expect(await ids({ userId: 'nobody' })).toEqual([]);
    // An organization with no activities (or none at all) is an empty list.
    expect(await ids({ organizationId: 'never-created' })).toEqual([]);
  });

  it('pages with nextPageToken in both orders: every activity once, null at the end', async () => {
    const { ids, fx } = await sixActivities();
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const res = await fx.send(getActivityLogs, {
          organizationId: 'org',
          order,
          pageSize: 4,
          ...(pageToken ? { pageToken } : {}),
        });
        expect(res.status).toBe(200);
        seen.push(...res.body.result.data.map((a) => a.id));
        pageToken = res.body.result.nextPageToken ?? undefined;
        pages += 1;
      } while (pageToken);
      expect(pages).toBe(2);
      expect(seen).toEqual(await ids({ order }));
    }
    const filtered = await fx.send(getActivityLogs, {
      organizationId: 'org',
      documentId: 'd1',
      pageSize: 2,
    });
    const next = await fx.send(getActivityLogs, {
      organizationId: 'org',
      documentId: 'd1',
      pageSize: 2,
      pageToken: filtered.body.result.nextPageToken,
    });
    expect(next.body.result.data.map((a) => a.id)).toEqual(['a1']);
    expect(next.body.result.nextPageToken).toBeNull();
  });

  it('refuses a page token of other filters, another order or another key, and a forged one', async () => {
    const { fx } = await sixActivities();
    const first = await fx.send(getActivityLogs, { organizationId: 'org', pageSize: 2 });
    const pageToken = first.body.result.nextPageToken ?? '';
    expect(pageToken).not.toBe('');
    const refused = invalid(
      'data.pageToken is not valid for this list and filters; start again without it.',
    );
    for (const data of [
      { organizationId: 'org', pageSize: 2, pageToken, order: 'asc' },
      { organizationId: 'org', pageSize: 2, pageToken, userId: 'u-ann' },
      { organizationId: 'other-org', pageSize: 2, pageToken },
      { organizationId: 'org', pageToken: `${pageToken}x` },
      { organizationId: 'org', pageToken: 'not-a-token' },
    ]) {
      const res = await fx.send(getActivityLogs, data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused);
    }
    const other = await fixture();
    const foreign = await other.send(getActivityLogs, {
      organizationId: 'org',
      pageSize: 2,
      pageToken,
    });
    expect(foreign.body).toEqual(refused);
  });

  it.each([
    [{}, 'data.organizationId is required'],
    [{ organizationId: 'o', pageSize: 0 }, 'data.pageSize must be at least 1'],
    [{ organizationId: 'o', pageSize: 1001 }, 'data.pageSize must be at most 1000'],
    [
      { organizationId: 'o', activityIds: Array.from({ length: 31 }, (_, i) => `a${i}`) },
      'data.activityIds must have at most 30 items',
    ],
  ])('refuses %j with INVALID_ARGUMENT', async (data, message) => {
    const fx = await fixture();
    const res = await fx.send(getActivityLogs, data);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(message));
  });
});

describe('Update Activity Logs', () => {
  it('changes only the fields given, keeps {{variable}} templates as given, and reports unknown ids', async () => {
    const fx = await fixture();
    await fx.send(addActivityLogs, {
      organizationId: 'org',
      activities: [full, { ...full, id: 'untouched' }],
    });
    const [before] = await activitiesIn(fx, 'org');
    const res = await fx.send(updateActivityLogs, {
      organizationId: 'org',
      activities: [
        {
          id: 'act-full',
          changes: { title: { from: 'Old', to: 'New' }, owner: { from: null, to: 'u-bob' } },
          displayMessageTemplate: '{{actionUser}} renamed {{title}} ({{ count }} times)',
          entityTargetData: null,
        },
        { id: 'missing', actionIcon: 'star' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({
      'act-full': { success: true, message: 'Activity updated.' },
      missing: { success: false, message: 'Failed to update activity.' },
    });
    const [after, untouched] = await activitiesIn(fx, 'org');
    expect(after).toEqual({
      ...before,
      changes: { title: { from: 'Old', to: 'New' }, owner: { from: null, to: 'u-bob' } },
      displayMessageTemplate: '{{actionUser}} renamed {{title}} ({{ count }} times)',
      entityTargetData: null,
      updatedTimestamp: expect.any(Number),
    });
    expect(after?.updatedTimestamp).toBeGreaterThan(before?.updatedTimestamp ?? Infinity);
    expect(untouched).toMatchObject({ ...full, id: 'untouched' });

    const rest = await fx.send(updateActivityLogs, {
      organizationId: 'org',
      activities: [
        {
          id: 'act-full',
          entityData: ['now', 'a', 'list'],
          displayMessageTemplateData: { title: 'New', count: 2 },
          actionIcon: 'star',
        },
      ],
    });
    expect(rest.body.result.data['act-full']?.success).toBe(true);
    const [again] = await activitiesIn(fx, 'org');
    expect(again).toMatchObject({
      entityData: ['now', 'a', 'list'],
      displayMessageTemplateData: { title: 'New', count: 2 },
      actionIcon: 'star',
      displayMessageTemplate: '{{actionUser}} renamed {{title}} ({{ count }} times)',
      featureType: 'custom',
      actionType: 'approve',
      actionUser: ann,
    });
  });

  it('fails an id of another organization or another key, and changes nothing there', async () => {
    const fx = await fixture();
    const other = await fixture();
    await fx.send(addActivityLogs, { organizationId: 'org', activities: [full] });
    await other.send(addActivityLogs, { organizationId: 'org', activities: [full] });
    const [before] = await activitiesIn(fx, 'org');
    for (const [caller, organizationId] of [
      [fx, 'org-2'],
      [other, 'org'],
    ] as const) {
      const res = await caller.send(updateActivityLogs, {
        organizationId,
        activities: [{ id: 'act-full', actionIcon: 'hijacked' }],
      });
      if (caller === fx) {
        expect(res.body.result.data['act-full']).toEqual({
          success: false,
          message: 'Failed to update activity.',
        });
      }
    }
    expect(await activitiesIn(fx, 'org')).toEqual([before]);
  });

  it.each([
    [{ organizationId: 'org', activities: [{ id: 'act-full' }] }],
    [{ organizationId: 'org', activities: [{ id: 'act-full', changes: { t: 'New' } }] }],
    [{ organizationId: 'org', activities: [{ id: 'act-full', featureType: 'changed' }] }],
    [{ organizationId: 'org', activities: [{ id: 'act-full', actionUser: bob }] }],
    [
      {
        organizationId: 'org',
        activities: [{ id: 'act-full', actionIcon: 'ok', featureType: 'changed' }],
      },
    ],
    [
      {
        organizationId: 'org',
        activities: [
          { id: 'act-full', actionIcon: 'ok' },
          { id: 'act-full', actionIcon: 'twice' },
        ],
      },
    ],
    [
      {
        organizationId: 'org',
        activities: [{ id: 'act-full', actionIcon: 'ok' }, { actionIcon: 'no id' }],
      },
    ],
  ])('refuses %j whole with INVALID_ARGUMENT and changes nothing', async (data) => {
    const fx = await fixture();
    await fx.send(addActivityLogs, { organizationId: 'org', activities: [full] });
    const before = await activitiesIn(fx, 'org');
    const res = await fx.send(updateActivityLogs, data);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(await activitiesIn(fx, 'org')).toEqual(before);
  });
});
