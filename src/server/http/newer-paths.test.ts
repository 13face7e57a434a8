import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersOf } from '#contract/credentials';
import { pathsOf } from '#contract/endpoint';
import { allEndpoints } from '#contract/endpoints';
import { addNotifications, deleteNotifications, getNotifications } from '#contract/notifications';
import { deleteOrganizations, getOrganizations } from '#contract/organizations';
import { deleteAllUserData, getAllUserData, getDataDeletionJob } from '#contract/user-data';
import { storedEntries } from '../testing/audit-fixtures';
import { createWorkspaceFixture } from '../testing/fixtures';
import { addOrganizationWith, notificationBody } from '../testing/notification-fixtures';
import { type TestService, startTestService } from '../testing/test-service';

/**
 * The hosted product now serves seven endpoints under `/v2` where the specification says `/v1`
 * (DESIGN.md § Workspace services, "Newer paths"): both paths are one route, so both answer alike
 * and a write at either is the same write, recorded under the same endpoint.
 */
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const twoPaths = allEndpoints.filter((e) => e.alsoAt !== undefined);

describe.each(twoPaths.map((e) => [e.name, e] as const))('%s', (_name, e) => {
  it('refuses a malformed body, a missing credential and GET alike at both paths', async () => {
    const fx = await createWorkspaceFixture(svc);
    const [first, second] = pathsOf(e);
    expect(second).toBe(e.alsoAt);
    const both = async (send: (path: string) => Promise<unknown>) => {
      const answers = [await send(first ?? ''), await send(second ?? '')];
      expect(answers[1]).toEqual(answers[0]);
    };
    await both(async (path) => {
      const res = await svc.post(path, { wrong: ['x'] }, headersOf(fx.credentials.apiKey));
      return { status: res.status, body: res.body };
    });
    await both(async (path) => {
      const res = await svc.post(path, {});
      return { status: res.status, body: res.body };
    });
    await both(async (path) => {
      const res = await svc.fetch(path, { method: 'GET' });
      return { status: res.status, allow: res.headers.get('allow'), body: res.body };
    });
  });
});

describe('a write at the newer path', () => {
  it('adds and deletes notifications that the first path then reads, audited as the endpoint', async () => {
    const fx = await createWorkspaceFixture(svc);
    await addOrganizationWith(fx, 'org-1', ['doc-1'], ['u1']);
    const add = await fx.send(
      addNotifications,
      notificationBody({
        notificationId: 'n-newer',
        notifyAll: false,
        notifyUsers: [{ userId: 'u1' }],
      }),
      { newerPath: true },
    );
    expect(add.status).toBe(200);
    const listed = await fx.call(getNotifications, { organizationId: 'org-1' });
    expect(listed.data.map((x) => x.id)).toEqual(['n-newer']);

    const removed = await fx.send(
      deleteNotifications,
      { organizationId: 'org-1', notificationIds: ['n-newer'] },
      { newerPath: true },
    );
    expect(removed.status).toBe(200);
    expect((await fx.call(getNotifications, { organizationId: 'org-1' })).data).toEqual([]);

    const actions = (await storedEntries(svc, fx.workspace.id)).map((a) => a.action);
    expect(actions).toContain(addNotifications.name);
    expect(actions).toContain(deleteNotifications.name);
  });

  it('deletes organizations as the first path does', async () => {
    const fx = await createWorkspaceFixture(svc);
    await addOrganizationWith(fx, 'org-a', ['doc-a'], []);
    await addOrganizationWith(fx, 'org-b', ['doc-b'], []);
    const newer = await fx.call(
      deleteOrganizations,
      { organizationIds: ['org-a'] },
      { newerPath: true },
    );
    const first = await fx.call(deleteOrganizations, { organizationIds: ['org-b'] });
    const outcome = (data: typeof first.data) =>
      Object.values(data).map(({ success, message }) => ({ success, message }));
    expect(outcome(newer.data)).toEqual(outcome(first.data));
    expect(Object.keys(newer.data)).toEqual(['org-a']);
    const left = await fx.call(getOrganizations, {});
    expect(left.data.map((o) => o.id)).toEqual([]);
  });

  it('starts an erase whose job both paths report alike, and exports alike at both', async () => {
    const fx = await createWorkspaceFixture(svc);
    await addOrganizationWith(fx, 'org-1', ['doc-1'], ['u1']);
    const exportAt = (newerPath: boolean) =>
      fx.send(getAllUserData, { organizationId: 'org-1', userId: 'u1' }, { newerPath });
    const [v1, v2] = [await exportAt(false), await exportAt(true)];
    expect(v1.status).toBe(200);
    expect(v2.body).toEqual(v1.body);

    const erase = await fx.call(deleteAllUserData, { userIds: ['u1'] }, { newerPath: true });
    const jobAt = (newerPath: boolean) =>
      fx.send(getDataDeletionJob, { jobId: erase.data.jobId }, { newerPath });
    const [job1, job2] = [await jobAt(false), await jobAt(true)];
    expect(job1.status).toBe(200);
    expect(job2.status).toBe(200);
    expect(Object.keys(job2.body)).toEqual(Object.keys(job1.body));
  });
});
