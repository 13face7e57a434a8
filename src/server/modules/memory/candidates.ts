import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { preparedRowsOf } from '../../db/prepared';
import { type DbOrTx, rowsOf } from '../../db/transaction';
import { queryText } from './query-terms';
import { type Candidate, MIN_SIMILARITY } from './scoring';

/** Judgments each retrieval ranks and hands to the scoring, at most: it stays fast at any size. */
export const MAX_CANDIDATES = 200;

/** The precedent a query draws on: the key's, an organization's or a document's judgments. */
export interface CandidateScope {
  apiKeyId: string;
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

function inScope(s: CandidateScope): SQL {
  const where: SQL[] = [sql`api_key_id = ${s.apiKeyId}`];
  if (s.organizationId !== undefined) where.push(sql`organization_id = ${s.organizationId}`);
  if (s.documentId !== undefined) where.push(sql`document_id = ${s.documentId}`);
  return sql.join(where, sql` and `);
}

/**
 * How alike the query and a judgment's text are, 0 to 1: pg_trgm's word similarity taken both
 * ways (the query found in the text, or the text found in the query), since either may be the
 * longer. It depends on the two texts only, never on the other judgments.
 */
const similarity = (query: string) =>
  sql`greatest(word_similarity(${query}, text), word_similarity(text, ${query}))::float8`;

/**
 * The candidates' fields around a ranked selection of at most MAX_CANDIDATES judgments: the
 * similarity, the costly part, is computed for those only, not for every match.
 */
const candidatesOf = (query: string, ranked: SQL) => sql`select judgment_id as "judgmentId",
    decision, reason, reviewer_id as "reviewerId", decided_at::float8 as "decidedAt",
    ${similarity(query)} as similarity
  from (${ranked}) as ranked
  order by rank desc, judgment_id`;

/**
 * The query as full-text queries: every word (websearch syntax: quotes, `or`, `-`), and any word
 * (`refund | damag | laptop`), each empty when the query has only stop words.
 */
export async function textQueries(
  db: DbOrTx,
  query: string,
): Promise<{ allWords: string; anyWord: string }> {
  const [row] = await preparedRowsOf<{ allWords: string; anyWord: string }>(
    db,
    sql`select websearch_to_tsquery('english', ${query})::text as "allWords",
      replace(plainto_tsquery('english', ${query})::text, ' & ', ' | ') as "anyWord"`,
  );
  return { allWords: row?.allWords ?? '', anyWord: row?.anyWord ?? '' };
}

/**
 * Matches that the any-word stage ranks, at most: the newest, found in the order of a scope
 * index. A common word matches a large share of the key (`contract`: one judgment in eight of
 * the benchmark) and ranking every match was the cost of a query with a rare word, while the
 * scoring weights old precedent down anyway (a half-life of a year).
 */
export const MAX_RANKED_MATCHES = 1_000;

/**
 * Full-text retrieval over the stored tsvector (GIN index): the best-ranked matches, ties by id
 * so that the set does not depend on the order of insertion; with `newest`, only among the
 * newest that many matches. Exported for the plan test.
 */
export function fullTextStatement(
  s: CandidateScope,
  query: string,
  tsquery: string,
  newest?: number,
): SQL {
  const matches = sql`select judgment_id, decision, reason, reviewer_id, decided_at, text, search
    from judgments
    where ${inScope(s)} and search @@ ${tsquery}::tsquery`;
  const ranked =
    newest === undefined
      ? matches
      : sql`select * from (${matches}
          order by decided_at desc, judgment_id desc limit ${newest}) as newest`;
  return candidatesOf(
    query,
    sql`select judgment_id, decision, reason, reviewer_id, decided_at, text,
        ts_rank(search, ${tsquery}::tsquery) as rank
      from (${ranked}) as matched
      order by rank desc, judgment_id
      limit ${MAX_CANDIDATES}`,
  );
}

/**
 * Trigram retrieval (GIN trigram index, `<%`): for short or misspelled queries that share no
 * stemmed word with the judgments. The threshold of `<%` is set for the caller's transaction.
 */
export function trigramStatement(s: CandidateScope, query: string): SQL {
  return candidatesOf(
    query,
    sql`select judgment_id, decision, reason, reviewer_id, decided_at, text,
        word_similarity(${query}, text) as rank
      from judgments
      where ${inScope(s)} and ${query} <% text
      order by rank desc, judgment_id
      limit ${MAX_CANDIDATES}`,
  );
}

/** Sets `<%`'s threshold to MIN_SIMILARITY for the rest of the transaction. */
export const trigramThreshold = sql`select set_config('pg_trgm.word_similarity_threshold',
  ${String(MIN_SIMILARITY)}, true)`;

/**
 * Similar judgments after which a retrieval stage is enough: twenty give a confident answer
 * already, and fewer from the strict stage would leave out precedent phrased otherwise.
 */
export const ENOUGH_CANDIDATES = 20;

const enough = (found: readonly Candidate[]) =>
  found.filter((c) => c.similarity >= MIN_SIMILARITY).length >= ENOUGH_CANDIDATES;

/**
 * The candidates of a query, each stage only when the ones before found fewer than
 * ENOUGH_CANDIDATES similar enough to count: judgments holding every word of the query (the
 * selective match, cheap to rank even for a broad query), then any word of it among the newest
 * MAX_RANKED_MATCHES (a description of an item rarely shares all its words with a judgment),
 * then trigram similarity (misspellings, fragments). Each judgment once. Only the trigram stage
 * opens a transaction, for its threshold (local to it): most queries end before it, two round
 * trips sooner. Every stage reads the query's bounded text (queryText): a long query costs what
 * one of MAX_QUERY_TERMS words does.
 */
export async function findCandidates(
  db: Db,
  scope: CandidateScope,
  asked: string,
): Promise<Candidate[]> {
  const query = queryText(asked);
  const { allWords, anyWord } = await textQueries(db, query);
  const found: Candidate[] = [];
  const add = (more: readonly Candidate[]) => {
    const seen = new Set(found.map((c) => c.judgmentId));
    found.push(...more.filter((c) => !seen.has(c.judgmentId)));
  };
  if (allWords !== '') add(await rowsOf(db, fullTextStatement(scope, query, allWords)));
  if (enough(found)) return found;
  if (anyWord !== '' && anyWord !== allWords) {
    add(await rowsOf(db, fullTextStatement(scope, query, anyWord, MAX_RANKED_MATCHES)));
    if (enough(found)) return found;
  }
  add(
    await db.transaction(async (tx) => {
      await tx.execute(trigramThreshold);
      return rowsOf<Candidate>(tx, trigramStatement(scope, query));
    }),
  );
  return found;
}
