import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply, DryRunReplyBody } from '#contract/client';
import { type ErasedCounts, deleteAllUserData } from '#contract/user-data';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { eraseFixture, erased, snapshot } from '../../testing/erase-fixtures';
import type { WorkspaceFixture } from '../../testing/fixtures';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ jobRunner: { background: false } });
});
afterAll(() => svc.close());

const db = () => svc.database.db;

type PreviewReply = Reply<DryRunReplyBody<typeof deleteAllUserData>>;

/** A dry run of Delete All User Data with the fixture's key. */
async function preview(fx: WorkspaceFixture, data: Record<string, unknown>): Promise<PreviewReply> {
  const reply = await fx.send(deleteAllUserData, { ...data, dryRun: true });
  // send types the body by the endpoint's envelope (C); a dry run is answered in envelope A.
  return reply as unknown as PreviewReply;
}

describe('Delete All User Data, dry run', () => {
  it('answers what the job removes, per organization and feature, and changes nothing', async () => {
    const fx = await createWorkspaceFixture(svc);
    for (const org of ['org-1', 'org-2']) await eraseFixture(fx, org);
    const before = await snapshot(db());

    const previewed = await preview(fx, { userIds: [erased.userId] });
    expect(previewed.status).toBe(200);
    expect(previewed.body.result?.status).toBe('success');
    expect(previewed.body.result?.message).toBe('Data deletion preview: nothing was changed.');
    const answer = previewed.body.result?.data;
    expect(answer?.tasksCount).toBe(2);
    expect(answer?.tasks.map((t) => [t.userId, t.organizationId])).toEqual([
      [erased.userId, 'org-1'],
      [erased.userId, 'org-2'],
    ]);
    const first = answer?.tasks[0]?.removed;
    expect(first).toMatchObject({ comments: 3, annotations: 1, memberships: 1 });
    expect(first?.mentionsRewritten).toBeGreaterThan(0);
    expect(answer?.totals.comments).toBe(2 * (first?.comments ?? 0));

    // Nothing changed: no row of any table, jobs included, differs.
    expect(await snapshot(db())).toEqual(before);

    // The job then removes exactly what the preview said, organization by organization.
    expect(
      (await fx.send(deleteAllUserData, { userIds: [erased.userId], dryRun: false })).status,
    ).toBe(202);
    await svc.app.jobRunner.runOnce();
    const logged = await rows<{ organization_id: string; entity_data: { removed: ErasedCounts } }>(
      db(),
      sql`select organization_id, entity_data from activities
        where api_key_id = ${fx.apiKey} and action_type = 'user.erase' order by organization_id`,
    );
    expect(logged.map((l) => l.entity_data.removed)).toEqual(answer?.tasks.map((t) => t.removed));

    // Once erased, a preview finds nothing left.
    const after = await preview(fx, { userIds: [erased.userId] });
    expect(after.body.result?.data).toMatchObject({ tasksCount: 0, tasks: [] });
    expect(Object.values(after.body.result?.data.totals ?? {}).every((n) => n === 0)).toBe(true);
  });

  it('holds a preview to 1,000 tasks and checks its input as the erase does', async () => {
    const fx = await createWorkspaceFixture(svc);
    const many = await preview(fx, {
      userIds: Array.from({ length: 11 }, (_, i) => `u-${i}`),
      organizationIds: Array.from({ length: 100 }, (_, i) => `o-${i}`),
    });
    expect(many.status).toBe(400);
    expect(many.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message:
        'The request makes 1100 tasks (one per user and organization); at most 1000 per preview.',
    });
    const wrong = await fx.send(deleteAllUserData, { userIds: ['u-1'], dryRun: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.status).toBe('INVALID_ARGUMENT');
  });
});
