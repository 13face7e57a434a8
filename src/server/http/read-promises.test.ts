import { afterAll, beforeAll, expect, it } from 'vitest';
import { headersOf } from '#contract/credentials';
import { getWorkspace } from '#contract/workspace';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { fewestPromisesMadeBy } from '../testing/promise-count';
import { type TestService, startTestService, withoutBackgroundWork } from '../testing/test-service';

// The promises an authenticated read makes on its way through the service: each costs an
// allocation, a microtask and (on Node 20, while async_hooks are on) a hook call, on every request
// (issue 33, target 2). A count, like the statement counts of the query-plan tests: a new async
// layer on the read path shows here before it shows in `bench/workspace.ts`.
let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService(withoutBackgroundWork);
  fx = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

/** The promises made while Fastify answers one request injected with these headers. */
async function promisesOf(headers: Record<string, string>): Promise<number> {
  const inject = () =>
    svc.app.inject({
      method: 'POST',
      url: getWorkspace.path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{"data":{}}',
    });
  expect((await inject()).statusCode).toBe(200);
  // The fewest of a few: a timer of the service may fire during one of them.
  return fewestPromisesMadeBy(async () => expect((await inject()).statusCode).toBe(200), 3);
}

// On the embedded database the read is answered from memory, so the count is the service's own;
// on PostgreSQL the driver's promises for the page and its check come on top.
it.skipIf(process.env.DATABASE_URL)(
  'admits a read on a remembered workspace token without a promise per check',
  async () => {
    const made = await promisesOf(headersOf(fx.credentials.workspace));
    // 22 when each check was an async function (handle, the checked read, admit, admitCaller,
    // authenticate, the token check, the route, its handler); 12 with the checks answering
    // at once from memory, most of them light-my-request's and Fastify's own.
    expect(made).toBeLessThanOrEqual(12);
  },
);
