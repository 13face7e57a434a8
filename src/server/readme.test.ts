import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allEndpoints } from '#contract/endpoints';
import { endpointTable } from './http/endpoint-table';
import { type TestService, startTestService } from './testing/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

it('docs/endpoints.md lists every endpoint with its true state (run `npm run readme:endpoints`)', () => {
  const endpoints = readFileSync('docs/endpoints.md', 'utf8');
  expect(endpoints).toContain(endpointTable(allEndpoints, new Set(svc.app.unimplementedPaths)));
});

it('answers every endpoint not built yet with FAILED_PRECONDITION, never a 404 or 500', async () => {
  const publicUnbuilt = allEndpoints.filter(
    (e) => e.auth === 'public' && svc.app.unimplementedPaths.includes(e.path),
  );
  for (const e of publicUnbuilt) {
    const res = await svc.post(e.path, {});
    expect(res.body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'Not implemented yet.' },
    });
  }
});
