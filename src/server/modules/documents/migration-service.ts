import type { z } from 'zod';
import type {
  Migration,
  migrateDocumentsRequest,
  migrateDocumentsStatusRequest,
} from '#contract/documents';
import { lockOrganization, organizationExists } from '../../rows/organization-store';
import { unknownMigration, unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { migrationJobKind } from './migration-job';
import { findMigration } from './migration-store';

type MigrateInput = z.output<typeof migrateDocumentsRequest>;
type StatusInput = z.output<typeof migrateDocumentsStatusRequest>;

/**
 * Starts a migration in an existing organization. Whether the source exists and the target is
 * free is decided when the job runs (it fails with the reason otherwise), so that a request and
 * the job never disagree about a document added or moved in between.
 */
export async function migrateDocument(
  s: Services,
  apiKeyId: string,
  input: MigrateInput,
): Promise<{ migrationId: string }> {
  const { jobId } = await s.db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, apiKeyId, input.organizationId))) {
      throw unknownOrganization(input.organizationId);
    }
    return s.jobs.enqueue(tx, migrationJobKind, {
      apiKeyId,
      input: {
        organizationId: input.organizationId,
        documentId: input.documentId,
        newDocumentId: input.newDocumentId,
      },
      tasks: [{}],
    });
  });
  return { migrationId: jobId };
}

/** A migration's status, with the reason when it failed. */
export async function migrationStatus(
  s: Services,
  apiKeyId: string,
  input: StatusInput,
): Promise<Migration> {
  const { organizationId, migrationId } = input;
  const found = await findMigration(
    s.db,
    migrationJobKind.name,
    apiKeyId,
    organizationId,
    migrationId,
  );
  if (!found) {
    // Which one is missing is asked only once something is: the organization, or its migration.
    throw (await organizationExists(s.db, apiKeyId, organizationId))
      ? unknownMigration(organizationId, migrationId)
      : unknownOrganization(organizationId);
  }
  return {
    migrationId,
    status: found.status,
    ...(found.status === 'failed' && found.failureReason !== null
      ? { failureReason: found.failureReason }
      : {}),
  };
}
