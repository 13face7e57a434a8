import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { addActivityLogs, updateActivityLogs } from '#contract/activities';
import { addOrganizations, deleteOrganizations } from '#contract/organizations';
import { dataOf, resultOf } from '../../testing/replies';
import { getJudgments, suggestDecision } from '#contract/memory';

const now = Date.parse('2026-03-01T10:00:00.000Z');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
});
afterAll(() => svc.close());

const ann = { userId: 'u-ann', name: 'Ann Lee' };
const activity = (id: string, actionType: string, extra: Record<string, unknown> = {}) => ({
  id,
  documentId: 'doc-1',
  featureType: 'document',
  actionType,
  actionUser: ann,
  displayMessageTemplate: '{{actionUser}} decided on the refund for {{customer}}',
  displayMessageTemplateData: { actionUser: ann, customer: 'a late delivery' },
  ...extra,
});

async function keyWithActivities(activities: unknown[]) {
  const fx = await createWorkspaceFixture(svc);
  const added = await fx.send(addActivityLogs, { organizationId: 'org-1', activities });
  expect(added.status).toBe(200);
  return { fx, m: fx };
}

describe('judgments derived from activities', () => {
  it('derives one from each decision activity, with the rendered message as its text', async () => {
    const { m } = await keyWithActivities([
      activity('a-approved', 'approved'),
      activity('a-endorse', 'endorse', { displayMessageTemplate: '{{unknown}} endorsed' }),
      activity('a-disagree', 'disagree', { displayMessageTemplate: undefined }),
      activity('a-agree', 'agree', {
        displayMessageTemplate: '{{actionUser}} agreed with {{customer}}',
        displayMessageTemplateData: { customer: 'the refund' },
      }),
      activity('a-comment', 'comment'),
      activity('a-resolve', 'resolve'),
    ]);
    const judgments = dataOf(await m.send(getJudgments, { organizationId: 'org-1' }));
    const byActivity = (id: string) => judgments.find((j) => j.activityId === id);
    expect(judgments.map((j) => j.activityId).sort()).toEqual([
      'a-agree',
      'a-approved',
      'a-disagree',
      'a-endorse',
    ]);
    expect(byActivity('a-approved')).toMatchObject({
      judgmentId: expect.stringMatching(/^jdg_act_/),
      organizationId: 'org-1',
      documentId: 'doc-1',
      text: 'Ann Lee decided on the refund for a late delivery',
      decision: 'approve',
      reason: null,
      reviewerId: 'u-ann',
      decidedAt: now,
    });
    expect(byActivity('a-endorse')).toMatchObject({ text: '{{unknown}} endorsed' });
    // The actor fills {{actionUser}} when the data has none, as the console shows the message.
    expect(byActivity('a-agree')).toMatchObject({ text: 'Ann Lee agreed with the refund' });
    expect(byActivity('a-disagree')).toMatchObject({
      text: 'document disagree',
      decision: 'reject',
    });
  });

  it('follows an update of the message, and feeds Suggest Decision', async () => {
    const { fx, m } = await keyWithActivities([
      activity('a1', 'approved'),
      activity('a2', 'document_approved'),
    ]);
    const query = { query: 'refund for a late delivery', organizationId: 'org-1' };
    expect(resultOf(await m.send(suggestDecision, query)).primary).toMatchObject({
      recommendation: 'approve',
      basedOn: 2,
    });
    const updated = await fx.send(updateActivityLogs, {
      organizationId: 'org-1',
      activities: [{ id: 'a1', displayMessageTemplate: 'Ann approved the invoice layout' }],
    });
    expect(updated.status).toBe(200);
    const texts = dataOf(await m.send(getJudgments, {})).map((j) => [j.activityId, j.text]);
    expect(texts.sort()).toEqual([
      ['a1', 'Ann approved the invoice layout'],
      ['a2', 'Ann Lee decided on the refund for a late delivery'],
    ]);
    expect(resultOf(await m.send(suggestDecision, query)).primary).toBeNull();
  });

  it('goes with its organization', async () => {
    const { fx, m } = await keyWithActivities([activity('a1', 'rejected')]);
    await fx.send(addOrganizations, {
      organizations: [{ organizationId: 'org-1', organizationName: 'One' }],
    });
    expect(dataOf(await m.send(getJudgments, {}))).toHaveLength(1);
    const deleted = await fx.send(deleteOrganizations, { organizationIds: ['org-1'] });
    expect(deleted.status).toBe(200);
    expect(dataOf(await m.send(getJudgments, {}))).toEqual([]);
  });
});
