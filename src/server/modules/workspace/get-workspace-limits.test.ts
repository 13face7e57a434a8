import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { postFrom as post } from '../../testing/post-from';
import { type TestService, startTestService } from '../../testing/test-service';
import { getWorkspace } from '#contract/workspace';
import { headersOf } from '#contract/credentials';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    env: {
      RATE_LIMITS: 'on',
      RATE_LIMIT_GET_WORKSPACE_MAX: '2',
      RATE_LIMIT_GET_WORKSPACE_WINDOW_MS: '30000',
    },
  });
});
afterAll(() => svc.close());

/** A Get Workspace from another loopback address, as a caller elsewhere would send it. */
async function postFrom(
  localAddress: string,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  return (await post(svc.url, localAddress, path, undefined, headers)).status;
}

it('does not let wrong tokens from elsewhere spend the owner’s Get Workspace allowance', async () => {
  const owner = await createWorkspaceFixture(svc);
  const forged = headersOf({ ...owner.credentials.workspace, token: 'wst_forged.token' });
  const own = headersOf(owner.credentials.workspace);
  const attacker: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    attacker.push(await postFrom(`127.0.0.${10 + (i % 3)}`, getWorkspace.path, forged));
  }
  // Each attacking address may fail twice in the window, then is refused.
  expect(attacker).toEqual([401, 401, 401, 401, 401, 401]);
  expect(await postFrom('127.0.0.10', getWorkspace.path, forged)).toBe(429);
  // The owner, from their own address, still gets their whole allowance of successful reads.
  expect(await postFrom('127.0.0.20', getWorkspace.path, own)).toBe(200);
  expect(await postFrom('127.0.0.21', getWorkspace.path, own)).toBe(200);
  // Successful reads are counted per workspace, whatever the address.
  expect(await postFrom('127.0.0.22', getWorkspace.path, own)).toBe(429);
});
