import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { addOrganizations, deleteOrganizations, getOrganizations } from '#contract/organizations';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });

const add = (fx: WorkspaceFixture, organizations: unknown) =>
  fx.send(addOrganizations, { organizations });
const get = (fx: WorkspaceFixture, data: Record<string, unknown> = {}) =>
  fx.send(getOrganizations, data);
const del = (fx: WorkspaceFixture, organizationIds: unknown) =>
  fx.send(deleteOrganizations, { organizationIds });

describe('Add Organizations', () => {
  it('adds new organizations and reports the ids that exist, per item', async () => {
    const fx = await createWorkspaceFixture(svc);
    await add(fx, [{ organizationId: 'acme', organizationName: 'Acme' }]);
    const res = await add(fx, [
      { organizationId: 'acme', organizationName: 'Acme again' },
      { organizationId: 'globex', organizationName: '  Globex  ' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'success' });
    expect(res.body.result.data).toEqual({
      acme: { success: false, id: 'acme', message: 'Organization acme already exists.' },
      globex: { success: true, id: 'globex', message: 'Organization added.' },
    });
    expect((await get(fx)).body.result.data).toEqual([
      { id: 'acme', organizationId: 'acme', organizationName: 'Acme', disabled: false },
      { id: 'globex', organizationId: 'globex', organizationName: 'Globex', disabled: false },
    ]);
  });

  it('refuses a call with an invalid item whole, naming the field, and writes nothing', async () => {
    const fx = await createWorkspaceFixture(svc);
    const cases: [unknown, string][] = [
      [[], 'data.organizations must not be empty'],
      [
        [
          { organizationId: 'a', organizationName: 'A' },
          { organizationId: 'b', organizationName: ' ' },
        ],
        'data.organizations[1].organizationName must not be empty',
      ],
      [
        [{ organizationId: 'a', organizationName: 'x'.repeat(201) }],
        'data.organizations[0].organizationName must be at most 200 characters',
      ],
      [
        [
          { organizationId: 'a', organizationName: 'A' },
          { organizationId: 'a', organizationName: 'B' },
        ],
        'data.organizations[1] repeats the id a',
      ],
      [
        [{ organizationId: 'x'.repeat(129), organizationName: 'A' }],
        'data.organizations[0].organizationId must be at most 128 characters',
      ],
    ];
    for (const [organizations, message] of cases) {
      const res = await add(fx, organizations);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(error('INVALID_ARGUMENT', message));
    }
    expect((await get(fx)).body.result.data).toEqual([]);
  });
});

describe('Get Organizations', () => {
  it('pages through 2,500 organizations in id order, each once, with a token bound to the query', async () => {
    const fx = await createWorkspaceFixture(svc);
    const ids = Array.from({ length: 2500 }, (_, i) => `org-${String(i).padStart(5, '0')}`);
    for (let i = 0; i < ids.length; i += 1000) {
      const res = await add(
        fx,
        ids.slice(i, i + 1000).map((organizationId) => ({
          organizationId,
          organizationName: `Name ${organizationId}`,
        })),
      );
      expect(Object.values(res.body.result.data).every((r) => r.success)).toBe(true);
    }
    const seen: string[] = [];
    let pageToken: string | undefined;
    const sizes: number[] = [];
    for (;;) {
      const res = await get(fx, { pageSize: 1000, ...(pageToken ? { pageToken } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.result.data.map((o) => o.id));
      sizes.push(res.body.result.data.length);
      pageToken = res.body.result.nextPageToken ?? undefined;
      if (!pageToken) break;
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(seen).toEqual(ids);

    // The default page is 1000; a token answers only for the query that made it.
    const first = await get(fx);
    expect(first.body.result.data).toHaveLength(1000);
    const token = first.body.result.nextPageToken ?? '';
    const foreign = await get(fx, { organizationIds: ['org-00001'], pageToken: token });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(
      error(
        'INVALID_ARGUMENT',
        'data.pageToken is not valid for this list and filters; start again without it.',
      ),
    );
    const other = await createWorkspaceFixture(svc);
    expect((await get(other, { pageToken: token })).status).toBe(400);
  });

  it('answers the organizations asked for by id, leaving out unknown ones', async () => {
    const fx = await createWorkspaceFixture(svc);
    await add(fx, [
      { organizationId: 'a', organizationName: 'A' },
      { organizationId: 'b', organizationName: 'B' },
      { organizationId: 'c', organizationName: 'C' },
    ]);
    const res = await get(fx, { organizationIds: ['c', 'a', 'nope'] });
    expect(res.body.result.data.map((o) => o.id)).toEqual(['a', 'c']);
    expect(res.body.result).not.toHaveProperty('nextPageToken');
    const tooMany = await get(fx, {
      organizationIds: Array.from({ length: 31 }, (_, i) => `o${i}`),
    });
    expect(tooMany.body).toEqual(
      error('INVALID_ARGUMENT', 'data.organizationIds must have at most 30 items'),
    );
    expect((await get(fx, { pageSize: 0 })).status).toBe(400);
    expect((await get(fx, { pageSize: 1001 })).status).toBe(400);
  });

  it('keeps API keys apart', async () => {
    const a = await createWorkspaceFixture(svc);
    const b = await createWorkspaceFixture(svc);
    await add(a, [{ organizationId: 'shared-id', organizationName: 'Of A' }]);
    expect((await get(b)).body.result.data).toEqual([]);
    expect(
      (await add(b, [{ organizationId: 'shared-id', organizationName: 'Of B' }])).body.result.data[
        'shared-id'
      ]?.success,
    ).toBe(true);
    expect((await get(a)).body.result.data).toEqual([
      { id: 'shared-id', organizationId: 'shared-id', organizationName: 'Of A', disabled: false },
    ]);
    expect((await del(b, ['shared-id'])).body.result.data['shared-id']?.success).toBe(true);
    expect((await get(a)).body.result.data).toHaveLength(1);
  });
});

describe('Delete Organizations', () => {
  it('answers per id with the hosted product’s messages', async () => {
    const fx = await createWorkspaceFixture(svc);
    await add(fx, [{ organizationId: 'gone', organizationName: 'Gone' }]);
    const res = await del(fx, ['gone', 'never']);
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({
      gone: { success: true, id: 'gone', message: 'Deleted Successfully' },
      never: { success: false, id: 'never', message: 'Organization does not exist' },
    });
    expect((await del(fx, ['gone'])).body.result.data.gone?.success).toBe(false);
    expect((await del(fx, [])).status).toBe(400);
  });
});
