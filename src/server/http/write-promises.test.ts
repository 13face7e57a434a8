import { afterAll, beforeAll, expect, it } from 'vitest';
import { headersOf } from '#contract/credentials';
import { updateApiKeyConfig } from '#contract/api-keys';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { fewestPromisesMadeBy } from '../testing/promise-count';
import { type TestService, startTestService, withoutBackgroundWork } from '../testing/test-service';

// The promises a single-row write makes on its way through the service (issue 33, target 4): each
// costs an allocation, a microtask and (while AsyncLocalStorage's hooks are on) a hook call, on
// every write. A count, like read-promises.test.ts's: a new async layer on the write path shows
// here before it shows in `bench/writes.ts`.
let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService(withoutBackgroundWork);
  fx = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

let flip = false;
/** The promises made while Fastify answers an Update API Key Config with an API key. */
async function promisesOfWrite(): Promise<number> {
  const inject = () => {
    flip = !flip;
    return svc.app.inject({
      method: 'POST',
      url: updateApiKeyConfig.path,
      headers: { 'content-type': 'application/json', ...headersOf(fx.credentials.apiKey) },
      payload: JSON.stringify({
        data: { requireJwtToken: flip, defaultDocumentAccessType: flip ? 'restricted' : 'public' },
      }),
    });
  };
  // Every pooled connection once (its first write prepares its statements), then the fewest of
  // a few: a connection the pool opens or a timer of another part may fall in one of them.
  for (let i = 0; i < 3; i++) expect((await inject()).statusCode).toBe(200);
  return fewestPromisesMadeBy(async () => expect((await inject()).statusCode).toBe(200), 5);
}

// Light-my-request's and Fastify's own promises are in the count, and on PostgreSQL the
// driver's. Before issue 33's third pass: 85 on PostgreSQL (each statement paid pg's promise, the
// `catch` pg adds to it and the timing's `then`, and the credential read drizzle's execution
// layers), 63 on the embedded database.
it('writes a key’s settings with its audit entry in few promises', async () => {
  const made = await promisesOfWrite();
  expect(made).toBeLessThanOrEqual(process.env.DATABASE_URL ? 57 : 59);
});
