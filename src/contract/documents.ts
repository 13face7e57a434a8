import { z } from 'zod';
import {
  itemList,
  itemResultMap,
  itemResultWithId,
  nameSchema,
  pageSize,
  pageTokenSchema,
  uniqueBy,
} from './common';
import { id, idRef, idRefList, newIdWhen } from './ids';
import { endpoint } from './endpoint';

export const documentSchema = z.object({
  id: z.string(),
  /** The same as `id`, under the name the hosted product's OpenAPI gives it (required there). */
  documentId: z.string(),
  documentName: z.string(),
  disabled: z.boolean(),
  // Only `public` is shown; reads take any string so another server's values still parse.
  accessType: z.string(),
});
export type Document = z.infer<typeof documentSchema>;

export const migrationStatusSchema = z.enum(['pending', 'in_progress', 'completed', 'failed']);
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;

export const migrationSchema = z.object({
  migrationId: z.string(),
  status: migrationStatusSchema,
  /** Why a `failed` migration failed, in words for the console; absent otherwise (an extension). */
  failureReason: z.string().optional(),
});
export type Migration = z.infer<typeof migrationSchema>;

export const MAX_DOCUMENT_NAME_LENGTH = 500;

/** DESIGN.md: Get Documents takes at most 30 `documentIds`. */
export const MAX_DOCUMENT_IDS = 30;

/** Get Documents' page when the request names none (DESIGN.md). */
export const DEFAULT_DOCUMENTS_PAGE_SIZE = 1000;

export const getDocumentsRequest = z.object({
  organizationId: idRef(),
  documentIds: idRefList(MAX_DOCUMENT_IDS).optional(),
  folderId: idRef().optional(),
  pageSize: pageSize().optional(),
  pageToken: pageTokenSchema().optional(),
});
export type GetDocumentsRequest = z.input<typeof getDocumentsRequest>;

export const addDocumentsRequest = z
  .object({
    organizationId: idRef(),
    createOrganization: z.boolean().optional(),
    folderId: idRef().optional(),
    documents: itemList(
      z.object({
        documentId: id(),
        documentName: nameSchema(MAX_DOCUMENT_NAME_LENGTH),
      }),
    ).superRefine(uniqueBy((d) => d.documentId)),
  })
  .superRefine(newIdWhen('organizationId', 'createOrganization'));
export type AddDocumentsRequest = z.input<typeof addDocumentsRequest>;

export const migrateDocumentsRequest = z
  // The source may be a document stored under an id today's rule refuses: migrating it is how
  // it gets a new id that the rule accepts.
  .object({ organizationId: idRef(), documentId: idRef(), newDocumentId: id() })
  .refine((v) => v.newDocumentId !== v.documentId, {
    error: 'must differ from documentId',
    path: ['newDocumentId'],
  });
export type MigrateDocumentsRequest = z.input<typeof migrateDocumentsRequest>;

export const migrateDocumentsStatusRequest = z.object({
  organizationId: idRef(),
  migrationId: idRef(),
});

export const getDocuments = endpoint({
  name: 'Get Documents',
  path: '/v2/organizations/documents/get',
  auth: 'apiKey',
  area: 'documents',
  envelope: 'A',
  request: getDocumentsRequest,
  data: z.array(documentSchema),
  pageField: 'pageToken',
  pageTokenOmittedAtEnd: true,
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const addDocuments = endpoint({
  name: 'Add Documents',
  path: '/v2/organizations/documents/add',
  write: true,
  auth: 'apiKey',
  area: 'documents',
  envelope: 'A',
  extension: true,
  request: addDocumentsRequest,
  data: itemResultMap(itemResultWithId),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const migrateDocuments = endpoint({
  name: 'Migrate Documents',
  path: '/v2/organizations/documents/migrate',
  write: true,
  auth: 'apiKey',
  area: 'documents',
  envelope: 'A',
  request: migrateDocumentsRequest,
  data: z.object({ migrationId: z.string() }),
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});

export const migrateDocumentsStatus = endpoint({
  name: 'Migrate Documents Status',
  path: '/v2/organizations/documents/migrate/status',
  auth: 'apiKey',
  area: 'documents',
  envelope: 'A',
  request: migrateDocumentsStatusRequest,
  data: migrationSchema,
  errors: ['INVALID_ARGUMENT'],
  organizationMustExist: true,
});
