import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import { type TestService, startTestService } from '../testing/test-service';
import { BACKUP_PATH } from './backup-route';

const BACKUP_TOKEN = 'backup-token-for-the-route-test-0123456789';
let svc: TestService;
beforeAll(async () => {
  // A database of its own: one an earlier test file wrote a lot into dumps its whole log.
  svc = await startTestService({
    env: { BACKUP_TOKEN },
    database: await openTestDatabase({ unused: true }),
  });
});
afterAll(async () => {
  await svc.close();
  await svc.database.close();
});

const backup = (headers: Record<string, string>) =>
  fetch(svc.url + BACKUP_PATH, { method: 'POST', headers });

it('refuses a client without the token, and one a proxy forwarded even with it', async () => {
  const refused: Record<string, string>[] = [
    {},
    { authorization: 'Bearer wrong' },
    { authorization: `Bearer ${BACKUP_TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
  ];
  for (const headers of refused) {
    const res = await backup(headers);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { status: string } }).error.status).toBe(
      'PERMISSION_DENIED',
    );
  }
});

it('answers the embedded database as a gzipped tar, or sends PostgreSQL to pg_dump', async () => {
  const res = await backup({ authorization: `Bearer ${BACKUP_TOKEN}` });
  if (svc.database.kind === 'postgres') {
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('pg_dump');
    return;
  }
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/gzip');
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.length).toBe(Number(res.headers.get('content-length')));
  // A tar of the data directory: PostgreSQL's version file is in it.
  expect(gunzipSync(body).includes('PG_VERSION')).toBe(true);
});
