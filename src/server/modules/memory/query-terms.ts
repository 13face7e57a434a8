/**
 * Words a query is read by, at most. Every stage of the retrieval costs in proportion to the
 * text it compares (pg_trgm's similarity rebuilds the query's trigrams for each judgment it
 * meets, the full-text stages rank each match against every term): a query of 2,000 characters
 * cost twenty times one of a hundred, about a second over 1,000 judgments. A description of an
 * item names it in its first words; like a search engine, the rest is not read.
 */
export const MAX_QUERY_TERMS = 32;

/** Characters of the text the retrieval reads, at most (32 words of seven letters and a space). */
export const MAX_QUERY_TEXT = 256;

/** Words as pg_trgm and the text search parser see them: runs of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The text the retrieval reads for a query: the query itself while it has at most
 * MAX_QUERY_TERMS words and MAX_QUERY_TEXT characters, so that an ordinary query is read exactly
 * as written (websearch syntax included); otherwise its first distinct words, case-folded, in
 * their order, within both bounds (a single word longer than MAX_QUERY_TEXT is cut).
 */
export function queryText(query: string): string {
  if ((query.match(WORD)?.length ?? 0) <= MAX_QUERY_TERMS && query.length <= MAX_QUERY_TEXT) {
    return query;
  }
  const kept = new Set<string>();
  let length = 0;
  // Folded before it is split: folding may change a word's letters (İ becomes i and a mark).
  for (const folded of query.toLowerCase().match(WORD) ?? []) {
    if (kept.has(folded)) continue;
    const added = (kept.size > 0 ? 1 : 0) + folded.length;
    if (kept.size === MAX_QUERY_TERMS || length + added > MAX_QUERY_TEXT) {
      if (kept.size === 0) kept.add(Array.from(folded).slice(0, MAX_QUERY_TEXT).join(''));
      break;
    }
    kept.add(folded);
    length += added;
  }
  return [...kept].join(' ');
}
