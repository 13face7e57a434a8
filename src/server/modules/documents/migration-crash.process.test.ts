import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import {
  FREED_ONE_AT_RESTART,
  countIn,
  jobTaskRuns,
  seededDataDir,
  spawnTestService,
  waitUntilBusy,
  withDataDirDatabase,
} from '../../testing/process-fixtures';
import { freePort } from '../../testing/service-process';
import { apiKeyCredentialsOn, remote } from '../../testing/webhook-fixtures';
import { insertOrganizationUsers, waitForMigration } from '../../testing/document-fixtures';
import {
  addDocuments,
  getDocuments,
  migrateDocuments,
  migrateDocumentsStatus,
} from '#contract/documents';
import { addCommentAnnotations } from '#contract/activities';

/**
 * References of the migrated document written straight into the database: with this many, the
 * move takes a second or two on the embedded database, time enough to kill the process in it.
 */
const USERS = 15_000;
const ANNOTATIONS = 15_000;
/** A status read that takes longer than this is waiting behind the migration's transaction. */
const BUSY_MS = 300;

const dataDir = await seededDataDir('svc-doc-migration-crash-');

const withDatabase = <T>(work: (db: PGlite) => Promise<T>) => withDataDirDatabase(dataDir, work);

/** Counts of what refers to a document: its row, its users, its annotations, their comments. */
function referencesOf(db: PGlite, apiKeyId: string, documentId: string) {
  const where = `api_key_id = $1 and organization_id = 'org-1' and document_id = $2`;
  const params = [apiKeyId, documentId];
  return Promise.all([
    countIn(db, `select count(*)::int as n from documents where ${where}`, params),
    countIn(db, `select count(*)::int as n from document_users where ${where}`, params),
    countIn(db, `select count(*)::int as n from comment_annotations where ${where}`, params),
    countIn(
      db,
      `select count(*)::int as n from comments c join comment_annotations a using
        (api_key_id, organization_id, annotation_id) where a.${where.replaceAll(' and ', ' and a.')}`,
      params,
    ),
  ]);
}

describe.skipIf(process.env.DATABASE_URL)('a document migration across kill -9', () => {
  it('finishes after the service is killed in the middle of the move, moving everything once', async () => {
    const env = { DATA_DIR: dataDir };
    const port = await freePort();

    // The documents and a few comment threads, through the service.
    const setup = await spawnTestService(env, port);
    const key = await apiKeyCredentialsOn(remote(setup.url), 'doc-migration-crash@example.com');
    const apiKeyId = key.id;
    try {
      const client = remote(setup.url, [key]);
      await client.call(addDocuments, {
        organizationId: 'org-1',
        createOrganization: true,
        documents: [
          { documentId: 'doc-src', documentName: 'Moving' },
          { documentId: 'doc-other', documentName: 'Staying' },
        ],
      });
      for (const documentId of ['doc-src', 'doc-other']) {
        await client.call(addCommentAnnotations, {
          organizationId: 'org-1',
          documentId,
          commentAnnotations: [
            { commentData: [{ commentText: 'Hello', from: { userId: 'u-0' } }] },
            { commentData: [{ commentText: 'Again', from: { userId: 'u-0' } }] },
          ],
        });
      }
    } finally {
      await setup.stop();
    }

    // Many more references, straight into the database while no service holds it.
    const before = await withDatabase(async (db) => {
      await insertOrganizationUsers((text, params) => db.query(text, params), apiKeyId, USERS);
      await db.query(
        `insert into document_users (api_key_id, organization_id, document_id, user_id, created_at)
         select $1, 'org-1', case when n % 100 = 0 then 'doc-other' else 'doc-src' end, 'u-' || n,
           now()
         from generate_series(1, $2::int) as n`,
        [apiKeyId, USERS],
      );
      await db.query(
        `insert into comment_annotations (api_key_id, organization_id, annotation_id, document_id,
           created_at)
         select $1, 'org-1', 'bulk-' || n, 'doc-src', now() from generate_series(1, $2::int) as n`,
        [apiKeyId, ANNOTATIONS],
      );
      return {
        src: await referencesOf(db, apiKeyId, 'doc-src'),
        other: await referencesOf(db, apiKeyId, 'doc-other'),
      };
    });

    // Start the migration and kill the service while the move runs.
    const first = await spawnTestService(env, port);
    let migrationId = '';
    try {
      const client = remote(first.url, [key]);
      const started = await client.call(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-src',
        newDocumentId: 'doc-dst',
      });
      migrationId = started.data.migrationId;
      const status = { organizationId: 'org-1', migrationId };
      await waitUntilBusy(
        'migration',
        BUSY_MS,
        async (signal) =>
          (await client.call(migrateDocumentsStatus, status, { signal })).data.status,
      );
    } finally {
      await first.stop('SIGKILL');
    }

    const log = join(dataDir, 'second.log');
    const second = await spawnTestService(env, port, log);
    try {
      const client = remote(second.url, [key]);
      const done = await waitForMigration(client, 'org-1', migrationId);
      expect(done).toEqual({ migrationId, status: 'completed' });
      const { data: listed } = await client.call(getDocuments, { organizationId: 'org-1' });
      expect(listed.map((d) => d.id)).toEqual(['doc-dst', 'doc-other']);
    } finally {
      await second.stop();
    }
    // The task under way at the kill was still held; the restart freed it.
    expect(readFileSync(log, 'utf8')).toMatch(FREED_ONE_AT_RESTART);

    await withDatabase(async (db) => {
      // Killed once in the move, run again to the end: two runs, the first one left nothing.
      expect(await jobTaskRuns(db, migrationId)).toEqual([{ attempts: 2, status: 'completed' }]);
      expect(await referencesOf(db, apiKeyId, 'doc-src')).toEqual([0, 0, 0, 0]);
      expect(await referencesOf(db, apiKeyId, 'doc-dst')).toEqual(before.src);
      expect(await referencesOf(db, apiKeyId, 'doc-other')).toEqual(before.other);
    });
    expect(before.src).toEqual([1, USERS - USERS / 100, ANNOTATIONS + 2, 2]);
  }, 120_000);
});
