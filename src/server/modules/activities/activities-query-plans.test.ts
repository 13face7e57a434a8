import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { type ActivityFilters, activitiesPageStatement } from './activity-store';

/** Rows per table: past the 50,000 where a sequential scan or a whole sort would show. */
const ROWS = 60_000;

let svc: TestService;
let apiKeyId: string;
beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  // 50 documents, 200 users, 6 feature types, 4 action types; one activity a second.
  await db.execute(sql`
    insert into activities (api_key_id, organization_id, activity_id, document_id, feature_type,
      action_type, action_user, created_at, updated_at)
    select ${apiKeyId}, 'org', 'act-' || lpad(n::text, 6, '0'), 'doc-' || (n % 50),
      'feature-' || (n % 6), 'action-' || (n % 4),
      jsonb_build_object('userId', 'user-' || (n % 200)),
      timestamptz '2026-01-01' + n * interval '1 second',
      timestamptz '2026-01-01' + n * interval '1 second'
    from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`
    insert into reactions (api_key_id, organization_id, reaction_id, document_id, icon, "from",
      created_at)
    select ${apiKeyId}, 'org', 'rxn-' || lpad(n::text, 6, '0'), 'doc-' || (n % 50), 'x',
      jsonb_build_object('userId', 'user-' || (n % 200)), now()
    from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`
    insert into recordings (api_key_id, organization_id, recording_id, document_id, type, url,
      "from", created_at)
    select ${apiKeyId}, 'org', 'rec-' || lpad(n::text, 6, '0'), 'doc-' || (n % 50), 'audio',
      'https://m.example.com/' || n, jsonb_build_object('userId', 'user-' || (n % 200)), now()
    from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`
    insert into comment_annotations (api_key_id, organization_id, annotation_id, document_id,
      created_at)
    select ${apiKeyId}, 'org', 'ann-' || lpad(n::text, 4, '0'), 'doc-' || (n % 50), now()
    from generate_series(1, ${ROWS / 100}) n`);
  await db.execute(sql`
    insert into comments (api_key_id, organization_id, annotation_id, comment_id, comment_text,
      "from", created_at)
    select ${apiKeyId}, 'org', 'ann-' || lpad((n / 100 + 1)::text, 4, '0'),
      'cmt-' || lpad(n::text, 6, '0'), 'text', jsonb_build_object('userId', 'user-' || (n % 200)),
      now()
    from generate_series(0, ${ROWS - 1}) n`);
  for (const table of [
    'activities',
    'reactions',
    'recordings',
    'comment_annotations',
    'comments',
  ]) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
}, 120_000);
afterAll(() => svc.close());

describe('Get Activity Logs', () => {
  const base: ActivityFilters = { apiKeyId: '', organizationId: 'org', order: 'desc' };
  const deep = { at: '2026-01-01T05:00:00.000Z', id: 'act-018000' };
  const cases: [string, Partial<ActivityFilters>, typeof deep | undefined, string][] = [
    ['the organization, newest first', {}, undefined, 'activities_time_idx'],
    ['the organization, a deep page oldest first', { order: 'asc' }, deep, 'activities_time_idx'],
    ['a document', { documentId: 'doc-7' }, deep, 'activities_document_idx'],
    ['a user', { userId: 'user-9', order: 'asc' }, undefined, 'activities_user_idx'],
    [
      'feature and action types',
      { featureTypes: ['feature-1'], actionTypes: ['action-3'] },
      deep,
      'activities_time_idx',
    ],
    [
      'activity ids',
      { activityIds: ['act-000007', 'act-059999'] },
      undefined,
      'activities_api_key_id_organization_id_activity_id_pk',
    ],
  ];
  it.each(cases)('pages %s through an index', async (_name, filters, position, index) => {
    const statement = activitiesPageStatement({ ...base, apiKeyId, ...filters }, position, 1001);
    const used = await expectIndexedPlan(svc.database.db, statement);
    expect(used).toContain(index);
  });
});

describe('one author’s items, as the user-data export and erase will page them', () => {
  const page = (table: string, idColumns: string[], after: string[]): SQL => {
    const ids = sql.join(
      idColumns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    const values = sql.join(
      after.map((v) => sql`${v}`),
      sql`, `,
    );
    return sql`select * from ${sql.identifier(table)}
      where api_key_id = ${apiKeyId} and organization_id = 'org' and from_user_id = 'user-9'
        and (${ids}) > (${values})
      order by ${ids} limit 101`;
  };
  it.each([
    [
      'comments',
      ['annotation_id', 'comment_id'],
      ['ann-0100', 'cmt-010009'],
      'comments_author_idx',
    ],
    ['reactions', ['reaction_id'], ['rxn-020009'], 'reactions_author_idx'],
    ['recordings', ['recording_id'], ['rec-020009'], 'recordings_author_idx'],
  ])('%s by from_user_id', async (table, idColumns, after, index) => {
    const used = await expectIndexedPlan(svc.database.db, page(table, idColumns, after));
    expect(used).toContain(index);
  });
});
