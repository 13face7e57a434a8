import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { expectIndexedPlan, planOf } from '../../testing/query-plan';
import { type TestService, startTestService } from '../../testing/test-service';
import { MAX_RANKED_MATCHES, fullTextStatement, trigramStatement } from './candidates';
import { type JudgmentFilters, judgmentsPageStatement } from './store';

const JUDGMENTS = 60_000;
/**
 * Organizations of ~1,000 judgments, documents of ~100, reviewers of ~300 per organization;
 * texts of a few common words and many rarer ones (client names), as real ones are.
 */
const ORGANIZATIONS = 60;
const START = 1_700_000_000_000;
let svc: TestService;
let apiKeyId: string;

beforeAll(async () => {
  svc = await startTestService();
  apiKeyId = (await createWorkspaceFixture(svc)).apiKey;
  const db = svc.database.db;
  // Straight into the table: Add Judgments writes at most 1,000 a call.
  await db.execute(sql`
    insert into judgments (api_key_id, judgment_id, organization_id, document_id, text, decision,
      reason, reviewer_id, decided_at)
    select ${apiKeyId}, 'j-' || lpad(i::text, 6, '0'), 'o-' || (i % ${ORGANIZATIONS}),
      'd-' || (i % ${ORGANIZATIONS * 10}),
      (array['Refund', 'Expense claim', 'Laptop return', 'Travel booking', 'Contract renewal'])
        [1 + i % 5] || ' ' || (array['of 40 EUR', 'after 45 days', 'without receipt',
        'for a repeat customer', 'outside policy', 'urgent'])[1 + (i / 5) % 6]
        || ' client' || (i % 2000) || ' #' || i,
      case when i % 3 = 0 then 'reject' else 'approve' end, 'Reason ' || (i % 7),
      'r-' || (i % 200), ${START}::bigint + i * 1000
    from generate_series(0, ${JUDGMENTS - 1}) as i`);
  await db.execute(sql`analyze judgments`);
}, 180_000);
afterAll(() => svc.close());

const page = (f: Partial<JudgmentFilters>, after?: { at: number; id: string }) =>
  judgmentsPageStatement({ apiKeyId, ...f }, after, 51);
const deep = { at: START + 30_000 * 1000, id: 'j-030000' };

describe(`Get Judgments over ${JUDGMENTS.toLocaleString('en')} judgments`, () => {
  it('pages the key, an organization, a document and a reviewer through their indexes', async () => {
    const cases: [Partial<JudgmentFilters>, string][] = [
      [{}, 'judgments_time_idx'],
      [{ decision: 'reject' }, 'judgments_time_idx'],
      [{ organizationId: 'o-7' }, 'judgments_organization_idx'],
      [{ organizationId: 'o-7', decision: 'approve' }, 'judgments_organization_idx'],
      [{ organizationId: 'o-7', documentId: 'd-7' }, 'judgments_document_idx'],
      [{ organizationId: 'o-7', reviewerId: 'r-7' }, 'judgments_reviewer_idx'],
    ];
    for (const [filters, index] of cases) {
      for (const after of [undefined, deep]) {
        const used = await expectIndexedPlan(svc.database.db, page(filters, after));
        expect(used, JSON.stringify(filters)).toContain(index);
      }
    }
  });
});

describe(`Suggest Decision's retrieval over ${JUDGMENTS.toLocaleString('en')} judgments`, () => {
  const indexesOf = async (statement: ReturnType<typeof fullTextStatement>) => {
    const nodes = await planOf(svc.database.db, statement);
    const shown = nodes.map(
      (n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`,
    );
    expect(shown.join(' > ')).not.toContain('Seq Scan');
    return nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
  };

  it('matches words through the tsvector GIN index or a narrower scope index', async () => {
    const key = await indexesOf(fullTextStatement({ apiKeyId }, 'case 4242', "'case' | '4242'"));
    expect(key).toContain('judgments_search_idx');
    const organization = await indexesOf(
      fullTextStatement(
        { apiKeyId, organizationId: 'o-7' },
        'laptop return',
        "'laptop' | 'return'",
      ),
    );
    expect(organization.length).toBeGreaterThan(0);
    const document = await indexesOf(
      fullTextStatement(
        { apiKeyId, organizationId: 'o-7', documentId: 'd-7' },
        'laptop',
        "'laptop'",
      ),
    );
    expect(
      document.some((i) => ['judgments_search_idx', 'judgments_document_idx'].includes(i)),
    ).toBe(true);
  });

  it('takes the newest matches of a common word in the order of a scope index', async () => {
    const common = "'refund' | 'contract'";
    const key = await indexesOf(
      fullTextStatement({ apiKeyId }, 'refund', common, MAX_RANKED_MATCHES),
    );
    expect(key.length).toBeGreaterThan(0);
    const organization = await indexesOf(
      fullTextStatement({ apiKeyId, organizationId: 'o-7' }, 'refund', common, MAX_RANKED_MATCHES),
    );
    expect(organization.length).toBeGreaterThan(0);
  });

  it('finds misspellings through the trigram GIN index', async () => {
    const key = await indexesOf(trigramStatement({ apiKeyId }, 'Lapptop retrun #4242'));
    expect(key).toContain('judgments_text_trgm_idx');
    const organization = await indexesOf(
      trigramStatement({ apiKeyId, organizationId: 'o-7' }, 'lapptop'),
    );
    expect(organization.length).toBeGreaterThan(0);
  });
});
