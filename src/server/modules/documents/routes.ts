import {
  addDocuments,
  getDocuments,
  migrateDocuments,
  migrateDocumentsStatus,
} from '#contract/documents';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import { registerMigrationJob } from './migration-job';
import * as migrations from './migration-service';
import * as documents from './service';

export const documentsModule: ServiceModule = {
  routes: (s) => {
    registerMigrationJob(s.jobs);
    return [
      route(addDocuments, 'Documents processed.', (input, ctx) =>
        documents.addDocuments(s, ctx.auth.apiKeyId, input),
      ),
      answerRoute(getDocuments, (input, ctx) =>
        documents.getDocuments(s, ctx.auth.apiKeyId, input),
      ),
      route(migrateDocuments, 'Document migration started successfully.', (input, ctx) =>
        migrations.migrateDocument(s, ctx.auth.apiKeyId, input),
      ),
      route(migrateDocumentsStatus, 'Migration status retrieved successfully.', (input, ctx) =>
        migrations.migrationStatus(s, ctx.auth.apiKeyId, input),
      ),
    ];
  },
};
