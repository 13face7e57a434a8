/**
 * How the command palette matches what is typed against its entries (pages, actions, keys and the
 * things the service found): every typed word must occur in one of the entry's texts, and the
 * closer the texts start with what was typed, the higher the entry ranks.
 */
export interface Matchable {
  label: string;
  /** Other texts the entry is found by: its ID, another name for it. */
  terms?: readonly string[];
}

/** Lower case, without accents and surrounding spaces, so "Réunion" is found by "reun". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const words = (text: string) => text.split(/[\s\-_./&()]+/).filter(Boolean);

/** 0 when `text` does not match the (normalized) query, higher the better it does. */
function textScore(query: string, text: string): number {
  const candidate = normalize(text);
  if (candidate === query) return 100;
  if (candidate.startsWith(query)) return 80;
  const queryWords = words(query);
  if (queryWords.length === 0) return 0;
  const candidateWords = words(candidate);
  if (queryWords.every((q) => candidateWords.some((w) => w.startsWith(q)))) return 60;
  if (queryWords.every((q) => candidate.includes(q))) return 20;
  return 0;
}

/** The best score of the entry's label and terms for the query; 1 for every entry when empty. */
export function matchScore(query: string, entry: Matchable): number {
  const wanted = normalize(query);
  if (!wanted) return 1;
  // The label counts a little more than another term of the same quality.
  return Math.max(
    textScore(wanted, entry.label) * 1.1,
    ...(entry.terms ?? []).map((term) => textScore(wanted, term)),
  );
}

/**
 * The entries that match, best first; entries that match equally keep their order, so an empty
 * query lists everything as given.
 */
export function rankByMatch<T extends Matchable>(query: string, entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index, score: matchScore(query, entry) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ entry }) => entry);
}

/** What the live region says once the results are in. */
export function resultCountText(count: number): string {
  if (count === 0) return 'No results';
  return count === 1 ? '1 result' : `${count} results`;
}
