import { z } from 'zod';
import {
  DEFAULT_DOCUMENTS_PAGE_SIZE,
  type Document,
  type addDocumentsRequest,
  type getDocumentsRequest,
} from '#contract/documents';
import type { Answer } from '#contract/endpoint';
import { keysetPage } from '../../db/keyset';
import {
  ensureOrganization,
  lockOrganization,
  organizationExists,
} from '../../rows/organization-store';
import { failed, resultMap, succeeded } from '../../http/item-results';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';
import { unknownFolder, unknownOrganization } from '../../http/unknown-ids';
import {
  defaultAccessType,
  folderAccessType,
  insertDocumentColumns,
  readDocumentsPage,
} from './store';

type AddInput = z.output<typeof addDocumentsRequest>;
type GetInput = z.output<typeof getDocumentsRequest>;

/**
 * Adds documents to an organization (created on the fly with `createOrganization: true`), into a
 * folder when one is named. A document takes the folder's access type, or outside a folder the
 * API key's default. An id that exists is reported per item; the others are written together.
 */
export async function addDocuments(s: Services, apiKeyId: string, input: AddInput) {
  const { organizationId, folderId, documents } = input;
  const now = s.clock();
  const added = await s.db.transaction(async (tx) => {
    if (input.createOrganization) await ensureOrganization(tx, apiKeyId, organizationId, now);
    else if (!(await lockOrganization(tx, apiKeyId, organizationId))) {
      throw unknownOrganization(organizationId);
    }
    let accessType: string;
    if (folderId === undefined) {
      accessType = await defaultAccessType(tx, apiKeyId);
    } else {
      const ofFolder = await folderAccessType(tx, apiKeyId, organizationId, folderId, true);
      if (ofFolder === undefined) throw unknownFolder(organizationId, folderId);
      accessType = ofFolder;
    }
    const inserted = await insertDocumentColumns(
      tx,
      apiKeyId,
      organizationId,
      {
        documentIds: documents.map((d) => d.documentId),
        documentNames: documents.map((d) => d.documentName),
        folderIds: documents.map(() => folderId ?? null),
        accessTypes: documents.map(() => accessType),
      },
      now,
    );
    return new Set(inserted);
  });
  return resultMap(
    documents,
    (d) => d.documentId,
    (_d, id) =>
      added.has(id)
        ? succeeded(id, 'Document added.')
        : failed(id, `Document ${id} already exists.`),
  );
}

/** Where a page of Get Documents ends: the last document id it answered. */
const positionSchema = z.object({ after: z.string() });

const documentTokens = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'documents',
    field: 'data.pageToken',
    position: positionSchema,
    prefix: 'dpt_',
  });

/**
 * Get Documents: the organization's documents, those of a folder, or those named, in document id
 * order, keyset-paged. The token binds the API key, the organization and the filters, not the
 * page size. An empty page is the only one that needs to ask whether the organization and the
 * folder exist: a document found proves both (foreign keys).
 */
export async function getDocuments(
  s: Services,
  apiKeyId: string,
  input: GetInput,
): Promise<Answer<Document[]>> {
  const { organizationId, folderId, documentIds } = input;
  const limit = input.pageSize ?? DEFAULT_DOCUMENTS_PAGE_SIZE;
  const tokens = documentTokens(s);
  const query = {
    apiKeyId,
    organizationId,
    folderId: folderId ?? null,
    documentIds: documentIds ? [...new Set(documentIds)].sort() : null,
  };
  const position = tokens.decode(query, input.pageToken);
  const found = await readDocumentsPage(s.db, {
    apiKeyId,
    organizationId,
    folderId,
    documentIds,
    after: position?.after,
    limit,
  });
  if (found.length === 0) await requireScope(s, apiKeyId, organizationId, folderId);
  const { rows, more } = keysetPage(found, limit);
  const last = rows.at(-1);
  return {
    data: rows,
    message: 'Documents retrieved successfully.',
    pageToken: more && last ? tokens.encode(query, { after: last.id }) : null,
  };
}

async function requireScope(
  s: Services,
  apiKeyId: string,
  organizationId: string,
  folderId: string | undefined,
): Promise<void> {
  if (!(await organizationExists(s.db, apiKeyId, organizationId))) {
    throw unknownOrganization(organizationId);
  }
  if (
    folderId !== undefined &&
    (await folderAccessType(s.db, apiKeyId, organizationId, folderId)) === undefined
  ) {
    throw unknownFolder(organizationId, folderId);
  }
}
