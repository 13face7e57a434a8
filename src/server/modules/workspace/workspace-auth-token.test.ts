import { afterAll, beforeAll, expect, it } from 'vitest';
import { getWorkspace } from '#contract/workspace';
import { getWorkspaceAuthToken } from '#contract/workspace-access';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

it('answers the workspace token to its owner, the token Get Workspace answers to a token', async () => {
  const fx = await createWorkspaceFixture(svc);
  const res = await fx.send(getWorkspaceAuthToken, {});
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    result: {
      status: 'success',
      message: 'Workspace auth token retrieved successfully.',
      data: { workspaceId: fx.workspace.id, authToken: fx.workspace.authToken },
    },
  });
  expect((await fx.call(getWorkspace, {})).data.authToken).toBe(fx.workspace.authToken);
  // Another workspace's token opens only that workspace.
  const other = await createWorkspaceFixture(svc);
  expect((await other.call(getWorkspaceAuthToken, {})).data).toEqual({
    workspaceId: other.workspace.id,
    authToken: other.workspace.authToken,
  });
});
