import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocuments, type Document, getDocuments } from '#contract/documents';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { documentBatch, insertFolder, insertOrganization } from '../../testing/document-fixtures';
import { dataOf } from '../../testing/replies';

const LOOSE = 1300;
const FILED = 1200;
const TOTAL = LOOSE + FILED;

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  const db = svc.database.db;
  await insertOrganization(db, fx.apiKey, 'org-1');
  await insertOrganization(db, fx.apiKey, 'org-2');
  await insertFolder(db, fx.apiKey, 'org-1', 'folder-1');
  // Through the endpoint, at most 1000 a call: ids interleave so that the folder's documents
  // are spread over the organization's pages.
  const add = async (folderId: string | undefined, prefix: string, from: number, n: number) =>
    dataOf(
      await fx.send(addDocuments, {
        organizationId: 'org-1',
        ...(folderId ? { folderId } : {}),
        documents: documentBatch(prefix, from, n),
      }),
    );
  await add(undefined, 'd', 0, 1000);
  await add(undefined, 'd', 1000, LOOSE - 1000);
  await add('folder-1', 'd', LOOSE, 1000);
  await add('folder-1', 'd', LOOSE + 1000, FILED - 1000);
  await fx.send(addDocuments, { organizationId: 'org-2', documents: documentBatch('d', 0, 5) });
}, 120_000);
afterAll(() => svc.close());

/** Every page of a query, following the tokens, with the size of each page. */
async function allPages(query: Record<string, unknown>) {
  const pages: Document[][] = [];
  let pageToken: string | undefined;
  for (;;) {
    const res = await fx.send(getDocuments, { ...query, ...(pageToken ? { pageToken } : {}) });
    pages.push(dataOf(res));
    const next = res.body.result?.pageToken;
    if (next === null || next === undefined) return pages;
    expect(typeof next).toBe('string');
    pageToken = next;
  }
}

const ids = (pages: Document[][]) => pages.flat().map((d) => d.id);
const expected = (from: number, n: number) => documentBatch('d', from, n).map((d) => d.documentId);

describe('Get Documents over 2,500 documents', () => {
  it('pages by 1000 when no page size is given, without duplicates or gaps', async () => {
    const pages = await allPages({ organizationId: 'org-1' });
    expect(pages.map((p) => p.length)).toEqual([1000, 1000, 500]);
    expect(ids(pages)).toEqual(expected(0, TOTAL));
  });

  it('pages by any size, each page continuing where the last ended', async () => {
    const pages = await allPages({ organizationId: 'org-1', pageSize: 97 });
    expect(pages).toHaveLength(Math.ceil(TOTAL / 97));
    expect(pages.slice(0, -1).every((p) => p.length === 97)).toBe(true);
    expect(ids(pages)).toEqual(expected(0, TOTAL));
    expect(new Set(ids(pages)).size).toBe(TOTAL);
  });

  it('pages through a folder’s documents only', async () => {
    const pages = await allPages({ organizationId: 'org-1', folderId: 'folder-1', pageSize: 500 });
    expect(pages.map((p) => p.length)).toEqual([500, 500, 200]);
    expect(ids(pages)).toEqual(expected(LOOSE, FILED));
  });

  it('ends with a null token when the last page is exactly full', async () => {
    const pages = await allPages({ organizationId: 'org-1', pageSize: 500 });
    expect(pages.map((p) => p.length)).toEqual([500, 500, 500, 500, 500]);
  });

  it('pages through named documents', async () => {
    const named = expected(0, TOTAL).filter((_, i) => i % 100 === 0);
    expect(named).toHaveLength(25);
    const pages = await allPages({ organizationId: 'org-1', documentIds: named, pageSize: 10 });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(ids(pages)).toEqual(named);
  });

  it('lets the page size change between pages: the token holds a position, not a page number', async () => {
    const first = await fx.send(getDocuments, { organizationId: 'org-1', pageSize: 10 });
    const pageToken = first.body.result?.pageToken ?? '';
    const next = dataOf(
      await fx.send(getDocuments, { organizationId: 'org-1', pageToken, pageSize: 3 }),
    );
    expect(next.map((d) => d.id)).toEqual(expected(10, 3));
  });

  it('neither repeats nor skips when documents are added behind and ahead of the position', async () => {
    const fresh = await createWorkspaceFixture(svc);
    await insertOrganization(svc.database.db, fresh.apiKey, 'org-1');
    dataOf(
      await fresh.send(addDocuments, {
        organizationId: 'org-1',
        documents: documentBatch('m', 10, 20),
      }),
    );
    const first = await fresh.send(getDocuments, { organizationId: 'org-1', pageSize: 10 });
    dataOf(
      await fresh.send(addDocuments, {
        organizationId: 'org-1',
        documents: [...documentBatch('a', 0, 3), ...documentBatch('z', 0, 2)],
      }),
    );
    const rest: string[] = [];
    let pageToken = first.body.result?.pageToken ?? undefined;
    while (pageToken) {
      const res = await fresh.send(getDocuments, {
        organizationId: 'org-1',
        pageSize: 10,
        pageToken,
      });
      rest.push(...dataOf(res).map((d) => d.id));
      pageToken = res.body.result?.pageToken ?? undefined;
    }
    expect([...dataOf(first).map((d) => d.id), ...rest]).toEqual([
      ...documentBatch('m', 10, 20).map((d) => d.documentId),
      'z-00000',
      'z-00001',
    ]);
  });

  it('refuses a token with other filters, another organization or another API key', async () => {
    const first = await fx.send(getDocuments, { organizationId: 'org-1', pageSize: 5 });
    const pageToken = first.body.result?.pageToken ?? '';
    const folderFirst = await fx.send(getDocuments, {
      organizationId: 'org-1',
      folderId: 'folder-1',
      pageSize: 5,
    });
    const folderToken = folderFirst.body.result?.pageToken ?? '';
    const invalid = {
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'data.pageToken is not valid for this list and filters; start again without it.',
      },
    };
    const misuses: [WorkspaceFixture, Record<string, unknown>][] = [
      [fx, { organizationId: 'org-1', folderId: 'folder-1', pageToken }],
      [fx, { organizationId: 'org-1', documentIds: ['d-00001'], pageToken }],
      [fx, { organizationId: 'org-2', pageToken }],
      [fx, { organizationId: 'org-1', pageToken: folderToken }],
      [fx, { organizationId: 'org-1', pageToken: `${pageToken.slice(0, -2)}xx` }],
    ];
    const other = await createWorkspaceFixture(svc);
    await insertOrganization(svc.database.db, other.apiKey, 'org-1');
    misuses.push([other, { organizationId: 'org-1', pageToken }]);
    for (const [who, query] of misuses) {
      const res = await who.send(getDocuments, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual(invalid);
    }
  });
});
