import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '#contract/common';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { documentBatch, insertFolder, insertOrganization } from '../../testing/document-fixtures';
import { dataOf } from '../../testing/replies';
import { addDocuments, getDocuments } from '#contract/documents';
import { updateApiKeyConfig } from '#contract/api-keys';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });

/** A fresh API key with organization `org-1` in it. */
async function keyWithOrganization(): Promise<WorkspaceFixture> {
  const fx = await createWorkspaceFixture(svc);
  await insertOrganization(svc.database.db, fx.apiKey, 'org-1');
  return fx;
}

async function storedDocuments(apiKeyId: string) {
  return rows<{
    organization_id: string;
    document_id: string;
    document_name: string;
    folder_id: string | null;
    access_type: string;
    disabled: boolean;
  }>(
    svc.database.db,
    sql`select organization_id, document_id, document_name, folder_id, access_type, disabled
      from documents where api_key_id = ${apiKeyId} order by organization_id, document_id`,
  );
}

describe('Add Documents', () => {
  it('adds documents outside any folder with the key’s default access, public at first', async () => {
    const fx = await keyWithOrganization();
    const res = await fx.send(addDocuments, {
      organizationId: 'org-1',
      documents: [
        { documentId: 'doc-1', documentName: 'Plan' },
        { documentId: 'doc-2', documentName: '  Budget  ' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result?.message).toBe('Documents processed.');
    expect(dataOf(res)).toEqual({
      'doc-1': { success: true, id: 'doc-1', message: 'Document added.' },
      'doc-2': { success: true, id: 'doc-2', message: 'Document added.' },
    });
    expect(await storedDocuments(fx.apiKey)).toEqual([
      {
        organization_id: 'org-1',
        document_id: 'doc-1',
        document_name: 'Plan',
        folder_id: null,
        access_type: 'public',
        disabled: false,
      },
      {
        organization_id: 'org-1',
        document_id: 'doc-2',
        document_name: 'Budget',
        folder_id: null,
        access_type: 'public',
        disabled: false,
      },
    ]);
  });

  it('gives documents outside a folder the access type the API key configured', async () => {
    const fx = await keyWithOrganization();
    const updated = await fx.send(updateApiKeyConfig, {
      defaultDocumentAccessType: 'organizationPrivate',
    });
    expect(updated.status).toBe(200);
    await fx.send(addDocuments, {
      organizationId: 'org-1',
      documents: [{ documentId: 'doc-1', documentName: 'Private by default' }],
    });
    expect((await storedDocuments(fx.apiKey))[0]?.access_type).toBe('organizationPrivate');
  });

  it('puts documents into a folder of the organization, with the folder’s access type', async () => {
    const fx = await keyWithOrganization();
    await insertFolder(svc.database.db, fx.apiKey, 'org-1', 'folder-r', 'restricted');
    const res = await fx.send(addDocuments, {
      organizationId: 'org-1',
      folderId: 'folder-r',
      documents: [{ documentId: 'doc-1', documentName: 'In a folder' }],
    });
    expect(dataOf(res)['doc-1']?.success).toBe(true);
    expect(await storedDocuments(fx.apiKey)).toMatchObject([
      { document_id: 'doc-1', folder_id: 'folder-r', access_type: 'restricted' },
    ]);
  });

  it('refuses a folder that is not in the organization, writing nothing', async () => {
    const fx = await keyWithOrganization();
    await insertOrganization(svc.database.db, fx.apiKey, 'org-2');
    await insertFolder(svc.database.db, fx.apiKey, 'org-2', 'folder-elsewhere');
    for (const folderId of ['folder-none', 'folder-elsewhere']) {
      const res = await fx.send(addDocuments, {
        organizationId: 'org-1',
        folderId,
        documents: [{ documentId: 'doc-1', documentName: 'Lost' }],
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        error('INVALID_ARGUMENT', `Folder ${folderId} does not exist in organization org-1.`),
      );
    }
    // Even when asked to create the organization: the whole call is refused.
    const created = await fx.send(addDocuments, {
      organizationId: 'org-new',
      createOrganization: true,
      folderId: 'folder-none',
      documents: [{ documentId: 'doc-1', documentName: 'Lost' }],
    });
    expect(created.body).toEqual(
      error('INVALID_ARGUMENT', 'Folder folder-none does not exist in organization org-new.'),
    );
    expect(await storedDocuments(fx.apiKey)).toEqual([]);
    const orgs = await rows<{ organization_id: string }>(
      svc.database.db,
      sql`select organization_id from organizations where api_key_id = ${fx.apiKey}
        order by organization_id`,
    );
    expect(orgs.map((o) => o.organization_id)).toEqual(['org-1', 'org-2']);
  });

  it('refuses an unknown organization unless createOrganization is true', async () => {
    const fx = await createWorkspaceFixture(svc);
    const batch = { organizationId: 'org-9', documents: documentBatch('doc', 0, 2) };
    const refused = await fx.send(addDocuments, batch);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-9 does not exist.'));
    expect(await storedDocuments(fx.apiKey)).toEqual([]);

    const created = await fx.send(addDocuments, { ...batch, createOrganization: true });
    expect(Object.values(dataOf(created)).every((r) => r.success)).toBe(true);
    const [org] = await rows<{ organization_name: string }>(
      svc.database.db,
      sql`select organization_name from organizations
        where api_key_id = ${fx.apiKey} and organization_id = 'org-9'`,
    );
    expect(org?.organization_name).toBe('org-9');
  });

  it('reports an id that exists per item, keeps that document as it was, adds the rest', async () => {
    const fx = await keyWithOrganization();
    await fx.send(addDocuments, {
      organizationId: 'org-1',
      documents: [{ documentId: 'doc-1', documentName: 'Original' }],
    });
    const res = await fx.send(addDocuments, {
      organizationId: 'org-1',
      documents: [
        { documentId: 'doc-0', documentName: 'New before' },
        { documentId: 'doc-1', documentName: 'Replacement' },
        { documentId: 'doc-2', documentName: 'New after' },
      ],
    });
    expect(res.status).toBe(200);
    expect(dataOf(res)).toEqual({
      'doc-0': { success: true, id: 'doc-0', message: 'Document added.' },
      'doc-1': { success: false, id: 'doc-1', message: 'Document doc-1 already exists.' },
      'doc-2': { success: true, id: 'doc-2', message: 'Document added.' },
    });
    expect(Object.keys(dataOf(res))).toEqual(['doc-0', 'doc-1', 'doc-2']);
    const stored = await storedDocuments(fx.apiKey);
    expect(stored.map((d) => [d.document_id, d.document_name])).toEqual([
      ['doc-0', 'New before'],
      ['doc-1', 'Original'],
      ['doc-2', 'New after'],
    ]);
  });

  it('keeps each API key’s documents apart, even under the same organization id', async () => {
    const a = await keyWithOrganization();
    const b = await keyWithOrganization();
    await a.send(addDocuments, {
      organizationId: 'org-1',
      documents: [{ documentId: 'doc-1', documentName: 'A’s' }],
    });
    const res = await b.send(addDocuments, {
      organizationId: 'org-1',
      documents: [{ documentId: 'doc-1', documentName: 'B’s' }],
    });
    expect(dataOf(res)['doc-1']?.success).toBe(true);
    expect((await storedDocuments(a.apiKey)).map((d) => d.document_name)).toEqual(['A’s']);
    expect(dataOf(await b.send(getDocuments, { organizationId: 'org-1' }))).toEqual([
      {
        id: 'doc-1',
        documentId: 'doc-1',
        documentName: 'B’s',
        disabled: false,
        accessType: 'public',
      },
    ]);
    // B has no organization org-2; A's of that name is not B's.
    await insertOrganization(svc.database.db, a.apiKey, 'org-2');
    const other = await b.send(addDocuments, {
      organizationId: 'org-2',
      documents: [{ documentId: 'doc-1', documentName: 'B’s' }],
    });
    expect(other.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-2 does not exist.'));
  });

  it.each([
    [{ documents: [{ documentId: 'd', documentName: 'n' }] }, 'data.organizationId is required'],
    [{ organizationId: 'org-1', documents: [] }, 'data.documents must not be empty'],
    [
      { organizationId: 'org-1', documents: [{ documentId: 'd' }] },
      'data.documents[0].documentName is required',
    ],
    [
      { organizationId: 'org-1', documents: [{ documentId: 'd', documentName: '   ' }] },
      'data.documents[0].documentName must not be empty',
    ],
    [
      { organizationId: 'org-1', documents: [{ documentId: 'd', documentName: 'x'.repeat(501) }] },
      'data.documents[0].documentName must be at most 500 characters',
    ],
    [
      {
        organizationId: 'org-1',
        documents: [{ documentId: 'd'.repeat(MAX_ID_LENGTH + 1), documentName: 'n' }],
      },
      `data.documents[0].documentId must be at most ${MAX_ID_LENGTH} characters`,
    ],
    [
      {
        organizationId: 'org-1',
        documents: [
          { documentId: 'd', documentName: 'n' },
          { documentId: 'd', documentName: 'again' },
        ],
      },
      'data.documents[1] repeats the id d',
    ],
    [
      { organizationId: 'org-1', documents: documentBatch('d', 0, 1001) },
      'data.documents must have at most 1000 items',
    ],
    [
      {
        organizationId: 'org-1',
        folderId: '',
        documents: [{ documentId: 'd', documentName: 'n' }],
      },
      'data.folderId must not be empty',
    ],
  ])('refuses bad input with INVALID_ARGUMENT: %j', async (data, message) => {
    const fx = await keyWithOrganization();
    const res = await fx.send(addDocuments, data);
    expect(res.status).toBe(400);
    expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error?.message).toContain(message);
    expect(await storedDocuments(fx.apiKey)).toEqual([]);
  });
});

describe('Get Documents', () => {
  async function keyWithDocuments() {
    const fx = await keyWithOrganization();
    await insertFolder(svc.database.db, fx.apiKey, 'org-1', 'folder-1', 'restricted');
    await insertFolder(svc.database.db, fx.apiKey, 'org-1', 'folder-empty');
    dataOf(
      await fx.send(addDocuments, {
        organizationId: 'org-1',
        documents: documentBatch('loose', 0, 3),
      }),
    );
    dataOf(
      await fx.send(addDocuments, {
        organizationId: 'org-1',
        folderId: 'folder-1',
        documents: documentBatch('filed', 0, 2),
      }),
    );
    return fx;
  }

  it('answers every document of the organization in id order, no page token at the end', async () => {
    const fx = await keyWithDocuments();
    const res = await fx.send(getDocuments, { organizationId: 'org-1' });
    expect(res.status).toBe(200);
    expect(res.body.result?.message).toBe('Documents retrieved successfully.');
    expect(res.body.result).not.toHaveProperty('pageToken');
    expect(dataOf(res)).toEqual([
      {
        id: 'filed-00000',
        documentId: 'filed-00000',
        documentName: 'Name of filed-00000',
        disabled: false,
        accessType: 'restricted',
      },
      {
        id: 'filed-00001',
        documentId: 'filed-00001',
        documentName: 'Name of filed-00001',
        disabled: false,
        accessType: 'restricted',
      },
      {
        id: 'loose-00000',
        documentId: 'loose-00000',
        documentName: 'Name of loose-00000',
        disabled: false,
        accessType: 'public',
      },
      {
        id: 'loose-00001',
        documentId: 'loose-00001',
        documentName: 'Name of loose-00001',
        disabled: false,
        accessType: 'public',
      },
      {
        id: 'loose-00002',
        documentId: 'loose-00002',
        documentName: 'Name of loose-00002',
        disabled: false,
        accessType: 'public',
      },
    ]);
  });

  it('answers the documents of a folder, and none of an empty folder', async () => {
    const fx = await keyWithDocuments();
    const filed = dataOf(
      await fx.send(getDocuments, { organizationId: 'org-1', folderId: 'folder-1' }),
    );
    expect(filed.map((d) => d.id)).toEqual(['filed-00000', 'filed-00001']);
    const empty = await fx.send(getDocuments, {
      organizationId: 'org-1',
      folderId: 'folder-empty',
    });
    expect(dataOf(empty)).toEqual([]);
    expect(empty.body.result).not.toHaveProperty('pageToken');
  });

  it('answers the documents named, in id order, leaving out ids that do not exist', async () => {
    const fx = await keyWithDocuments();
    const named = dataOf(
      await fx.send(getDocuments, {
        organizationId: 'org-1',
        documentIds: ['loose-00002', 'nope', 'filed-00001', 'loose-00002'],
      }),
    );
    expect(named.map((d) => d.id)).toEqual(['filed-00001', 'loose-00002']);
    const inFolder = dataOf(
      await fx.send(getDocuments, {
        organizationId: 'org-1',
        folderId: 'folder-1',
        documentIds: ['loose-00002', 'filed-00001'],
      }),
    );
    expect(inFolder.map((d) => d.id)).toEqual(['filed-00001']);
    expect(
      dataOf(await fx.send(getDocuments, { organizationId: 'org-1', documentIds: ['nope'] })),
    ).toEqual([]);
  });

  it('answers INVALID_ARGUMENT for an unknown organization or folder', async () => {
    const fx = await keyWithDocuments();
    const org = await fx.send(getDocuments, { organizationId: 'org-9' });
    expect(org.status).toBe(400);
    expect(org.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-9 does not exist.'));
    const folder = await fx.send(getDocuments, { organizationId: 'org-1', folderId: 'folder-9' });
    expect(folder.status).toBe(400);
    expect(folder.body).toEqual(
      error('INVALID_ARGUMENT', 'Folder folder-9 does not exist in organization org-1.'),
    );
  });

  it('shows one API key nothing of another’s', async () => {
    const fx = await keyWithDocuments();
    const other = await createWorkspaceFixture(svc);
    const theirs = await other.send(getDocuments, { organizationId: 'org-1' });
    expect(theirs.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-1 does not exist.'));
    expect(dataOf(await fx.send(getDocuments, { organizationId: 'org-1' }))).toHaveLength(5);
  });

  it.each([
    [{}, 'data.organizationId is required'],
    [{ organizationId: 'org-1', pageSize: 0 }, 'data.pageSize must be at least 1'],
    [{ organizationId: 'org-1', pageSize: 1001 }, 'data.pageSize must be at most 1000'],
    [{ organizationId: 'org-1', pageSize: 2.5 }, 'data.pageSize must be a whole number'],
    [{ organizationId: 'org-1', documentIds: [] }, 'data.documentIds must not be empty'],
    [
      { organizationId: 'org-1', documentIds: documentBatch('d', 0, 31).map((d) => d.documentId) },
      'data.documentIds must have at most 30 items',
    ],
    [{ organizationId: 'org-1', pageToken: '' }, 'data.pageToken must not be empty when given'],
    [
      { organizationId: 'org-1', pageToken: 'dpt_forged.signature' },
      'data.pageToken is not valid for this list and filters; start again without it.',
    ],
  ])('refuses bad input with INVALID_ARGUMENT: %j', async (data, message) => {
    const fx = await keyWithDocuments();
    const res = await fx.send(getDocuments, data);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error('INVALID_ARGUMENT', message));
  });
});
