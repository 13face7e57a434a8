import { useQueryClient } from '@tanstack/react-query';
import {
  type AddDocumentsRequest,
  type MigrateDocumentsRequest,
  addDocuments,
  migrateDocuments,
} from '#contract/documents';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { documentQueries } from './queries';
import { trackMigration } from './tracked-migrations';

/** Add Documents: the per-document results, and the lists asked again. */
export function useAddDocuments(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: AddDocumentsRequest) =>
      (await call(addDocuments, request, { apiKey })).data,
    onSaved: () => queryClient.invalidateQueries({ queryKey: documentQueries.one(apiKey.id) }),
  });
}

/** Migrate Documents: the migration is followed to its end from then on, on any page. */
export function useMigrateDocument(apiKey: ApiKeyCredentials) {
  return useSaveMutation({
    mutationFn: async (request: MigrateDocumentsRequest) =>
      (await call(migrateDocuments, request, { apiKey })).data,
    onSaved: ({ migrationId }, request) =>
      trackMigration({ apiKeyId: apiKey.id, migrationId, ...request }),
    success: (_answer, request) => ({
      title: 'Migration started',
      message: `${request.documentId} → ${request.newDocumentId}`,
    }),
  });
}
