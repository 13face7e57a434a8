import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedGenericPlan, expectIndexedPlan, numberedSql } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { insertOrganization } from '../../testing/document-fixtures';
import { migrationJobKind } from './migration-job';
import { migrationStatement, moveDocumentStatements } from './migration-store';
import { type DocumentsQuery, documentsPageStatement } from './store';

const DOCUMENTS = 60_000;
/** Small folders of ~300 documents each, beside one folder holding a quarter of the table. */
const FOLDERS = 200;
const ANNOTATIONS = 60_000;
/**
 * Rows of each other table that refers to documents (reactions, recordings, activities,
 * notifications, judgments).
 */
const REFERENCES = 20_000;
let svc: TestService;
let apiKeyId: string;

/** `d-000042`: every collation orders these as the numbers. */
const doc = (n: number) => `d-${String(n).padStart(6, '0')}`;

beforeAll(async () => {
  svc = await startTestService({ jobRunner: { background: false } });
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  await insertOrganization(db, apiKeyId, 'org-big');
  await insertOrganization(db, apiKeyId, 'org-small');
  // Straight into the tables: the service's own insert takes 1000 a call.
  await db.execute(sql`
    insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
      ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
    select ${apiKeyId}, 'org-big', f, f, 'root', array['root'], 1, 'public', false, now(), now()
    from (select 'f-' || n as f from generate_series(0, ${FOLDERS - 1}) as n
      union all select 'f-big') as folder`);
  // A quarter of the documents outside any folder, a quarter in f-big, the rest in small
  // folders, each folder's documents spread over the whole table.
  await db.execute(sql`
    insert into documents (api_key_id, organization_id, document_id, document_name, folder_id,
      access_type, disabled, created_at, updated_at)
    select ${apiKeyId}, 'org-big', 'd-' || lpad(n::text, 6, '0'), 'Document ' || n,
      case n % 4 when 0 then null when 1 then 'f-big' else 'f-' || (n % ${FOLDERS}) end,
      'public', false, now(), now()
    from generate_series(0, ${DOCUMENTS - 1}) as n`);
  await db.execute(sql`
    insert into documents (api_key_id, organization_id, document_id, document_name, access_type,
      created_at, updated_at)
    select ${apiKeyId}, 'org-small', 'd-' || n, 'Document ' || n, 'public', now(), now()
    from generate_series(0, 99) as n`);
  await db.execute(sql`
    insert into comment_annotations (api_key_id, organization_id, annotation_id, document_id,
      created_at)
    select ${apiKeyId}, 'org-big', 'ann-' || n, 'd-' || lpad((n % ${DOCUMENTS})::text, 6, '0'),
      now()
    from generate_series(0, ${ANNOTATIONS - 1}) as n`);
  // The other references a migration moves, one per 3 documents in each table.
  const author = sql`jsonb_build_object('userId', 'u-' || (n % 100))`;
  const ref = sql`'d-' || lpad((n * 3 % ${DOCUMENTS})::text, 6, '0')`;
  await db.execute(sql`
    insert into reactions (api_key_id, organization_id, reaction_id, document_id, icon, "from",
      created_at)
    select ${apiKeyId}, 'org-big', 'r-' || n, ${ref}, 'x', ${author}, now()
    from generate_series(0, ${REFERENCES - 1}) as n`);
  await db.execute(sql`
    insert into recordings (api_key_id, organization_id, recording_id, document_id, type, url,
      "from", created_at)
    select ${apiKeyId}, 'org-big', 'rec-' || n, ${ref}, 'audio', 'https://m.example.com/' || n,
      ${author}, now()
    from generate_series(0, ${REFERENCES - 1}) as n`);
  await db.execute(sql`
    insert into activities (api_key_id, organization_id, activity_id, document_id, feature_type,
      action_type, action_user, created_at, updated_at)
    select ${apiKeyId}, 'org-big', 'act-' || n, ${ref}, 'comment', 'comment.add', ${author},
      now(), now()
    from generate_series(0, ${REFERENCES - 1}) as n`);
  await db.execute(sql`
    insert into notifications (api_key_id, organization_id, notification_id, document_id,
      action_user_id, action_user, headline_template, body_message, notify_users, notify_all,
      source, timestamp_ms)
    select ${apiKeyId}, 'org-big', 'n-' || n, ${ref}, 'u-' || (n % 100), ${author}, 'h', 'b',
      '[]'::jsonb, false, 'custom', n
    from generate_series(0, ${REFERENCES - 1}) as n`);
  await db.execute(sql`
    insert into agent_executions (api_key_id, execution_id, organization_id, document_id,
      agent_id, agent_name, agent_version, status, message, started_at, trigger)
    select ${apiKeyId}, 'x-' || n, 'org-big', ${ref}, 'agent-' || (n % 10), 'Agent', 1, 'running',
      'm', n, 'standalone'
    from generate_series(0, ${REFERENCES - 1}) as n`);
  await db.execute(sql`
    insert into judgments (api_key_id, judgment_id, organization_id, document_id, text, decision,
      reviewer_id, decided_at)
    select ${apiKeyId}, 'j-' || n, 'org-big', ${ref}, 'Refund ' || n, 'approve',
      'u-' || (n % 100), n
    from generate_series(0, ${REFERENCES - 1}) as n`);
  // The key's earlier migrations (and jobs of other kinds): without rows of its own the table's
  // plan follows whatever statistics an earlier test file of the worker left on the database.
  await db.execute(sql`
    insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at)
    select 'job_' || n, case when n % 2 = 0 then ${migrationJobKind.name} else 'other' end,
      ${apiKeyId}, jsonb_build_object('organizationId', 'org-big'), 'completed', 1, now()
    from generate_series(0, ${REFERENCES - 1}) as n`);
  for (const table of [
    'jobs',
    'folders',
    'documents',
    'comment_annotations',
    'reactions',
    'recordings',
    'activities',
    'notifications',
    'agent_executions',
    'judgments',
  ]) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
}, 180_000);
afterAll(() => svc.close());

const statementOf = (q: Partial<DocumentsQuery>) =>
  documentsPageStatement({ apiKeyId, organizationId: 'org-big', limit: 1000, ...q });
const page = (q: Partial<DocumentsQuery>) => {
  const { text, params } = statementOf(q);
  return numberedSql(text, params);
};

describe(`Get Documents over ${DOCUMENTS.toLocaleString('en')} documents`, () => {
  it('reads the first page of the organization through the primary key', async () => {
    expect(await expectIndexedPlan(svc.database.db, page({}))).toContain('documents_pk');
  });

  it('starts a deep page at its position in the primary key', async () => {
    const deep = page({ after: doc(45_000) });
    expect(await expectIndexedPlan(svc.database.db, deep)).toContain('documents_pk');
  });

  it('reads a large folder’s page, first and deep, through the folder index', async () => {
    for (const after of [undefined, doc(50_001)]) {
      const folder = page({ folderId: 'f-big', after });
      expect(await expectIndexedPlan(svc.database.db, folder)).toContain('documents_folder_idx');
    }
  });

  it('reads a small folder through the folder index, sorting at most that folder', async () => {
    for (const limit of [1000, 50]) {
      const folder = page({ folderId: 'f-7', limit });
      expect(await expectIndexedPlan(svc.database.db, folder)).toContain('documents_folder_idx');
    }
  });

  it('looks named documents up by key, with and without a folder', async () => {
    const documentIds = Array.from({ length: 30 }, (_, i) => doc(i * 1999));
    for (const q of [{ documentIds }, { documentIds, folderId: 'f-big', after: doc(2000) }]) {
      const indexes = await expectIndexedPlan(svc.database.db, page(q));
      expect(indexes.some((i) => i.startsWith('documents_'))).toBe(true);
    }
  });

  it('keeps every shape on its index when PostgreSQL plans it once for any values', async () => {
    // The page statement runs by name: after a few calls PostgreSQL may keep one plan, made
    // without the values, for every later call on the connection.
    const documentIds = [doc(1), doc(2)];
    const shapes: [Partial<DocumentsQuery>, string][] = [
      [{}, 'documents_pk'],
      [{ after: doc(45_000) }, 'documents_pk'],
      [{ folderId: 'f-big' }, 'documents_folder_idx'],
      [{ folderId: 'f-7', after: doc(100) }, 'documents_folder_idx'],
      [{ documentIds }, 'documents_'],
      [{ documentIds, folderId: 'f-big', after: doc(0) }, 'documents_'],
    ];
    for (const [q, index] of shapes) {
      const { text, params } = statementOf({ ...q, limit: 50 });
      const indexes = await expectIndexedGenericPlan(svc.database.db, text, params);
      expect(
        indexes.some((i) => i.startsWith(index)),
        indexes.join(),
      ).toBe(true);
    }
  });
});

describe('Migrate Documents', () => {
  it('moves a document and everything that refers to it through indexes', async () => {
    const from = { apiKeyId, organizationId: 'org-big', documentId: doc(9) };
    const statements = moveDocumentStatements(from, 'moved', new Date());
    const expected = [
      'documents_pk',
      'comment_annotations_document_idx',
      'reactions_document_idx',
      'recordings_document_idx',
      'activities_document_idx',
      'notifications_document_idx',
      'sent_emails_document_idx',
      // Either index of a document's executions (with or without its organization) fits.
      'agent_executions_',
      'judgments_document_idx',
    ];
    expect(statements).toHaveLength(expected.length);
    for (const [i, statement] of statements.entries()) {
      const indexes = await expectIndexedPlan(svc.database.db, statement);
      expect(
        indexes.some((name) => name.startsWith(expected[i] ?? '-')),
        indexes.join(),
      ).toBe(true);
    }
  });

  it('reads a migration’s status by the job’s key', async () => {
    const statement = migrationStatement(migrationJobKind.name, apiKeyId, 'org-big', 'job_x');
    expect(await expectIndexedPlan(svc.database.db, statement)).toContain('jobs_pkey');
  });
});
