import type { Judgment } from '#contract/memory';
import { type Page, nextToken } from '../../lib/paged-query';

/** The judgments found for a list of IDs, in the list's order, and the IDs not found. */
export interface FoundJudgments {
  judgments: Judgment[];
  missing: string[];
}

/**
 * Reads pages until every ID in `ids` was seen, the list ends, or `maxPages` were read; answers
 * the judgments in the order of `ids` (a suggestion's: best first).
 */
export async function collectJudgments(
  ids: readonly string[],
  fetchPage: (token: string | null) => Promise<Page<Judgment>>,
  maxPages: number,
): Promise<FoundJudgments> {
  const wanted = new Set(ids);
  const found = new Map<string, Judgment>();
  let token: string | null = null;
  for (let page = 0; page < maxPages && found.size < wanted.size; page += 1) {
    const current: Page<Judgment> = await fetchPage(token);
    for (const judgment of current.items) {
      if (wanted.has(judgment.judgmentId)) found.set(judgment.judgmentId, judgment);
    }
    const next = nextToken(current, token);
    if (!next) break;
    token = next;
  }
  return {
    judgments: ids.flatMap((id) => {
      const judgment = found.get(id);
      return judgment ? [judgment] : [];
    }),
    missing: ids.filter((id) => !found.has(id)),
  };
}
