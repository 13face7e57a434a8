import { z } from 'zod';
import type { Answer } from '#contract/endpoint';
import {
  DEFAULT_JUDGMENTS_PAGE_SIZE,
  type Judgment,
  type getJudgmentsRequest,
} from '#contract/memory';
import { keysetPage, rowsToFetch } from '../../db/keyset';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';
import { judgmentsPageStatement, readJudgments } from './store';

type GetInput = z.output<typeof getJudgmentsRequest>;

const judgmentTokens = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'judgments',
    field: 'data.pageToken',
    position: z.object({ at: z.number(), id: z.string() }),
    prefix: 'jpt_',
  });

/**
 * Get Judgments: the key's judgments narrowed by organization, document, decision and reviewer
 * (all that are given must hold), newest first, keyset-paged by (decidedAt, judgmentId). The
 * token binds the key and every filter, not the page size. Nothing matching is an empty page:
 * judgments may name organizations the service does not hold.
 */
export async function getJudgments(
  s: Services,
  apiKeyId: string,
  input: GetInput,
): Promise<Answer<Judgment[]>> {
  const query = {
    apiKeyId,
    organizationId: input.organizationId ?? null,
    documentId: input.documentId ?? null,
    decision: input.decision ?? null,
    reviewerId: input.reviewerId ?? null,
  };
  const tokens = judgmentTokens(s);
  const after = tokens.decode(query, input.pageToken);
  const limit = input.pageSize ?? DEFAULT_JUDGMENTS_PAGE_SIZE;
  const statement = judgmentsPageStatement({ ...input, apiKeyId }, after, rowsToFetch(limit));
  const { rows, more } = keysetPage(await readJudgments(s.db, statement), limit);
  const last = rows.at(-1);
  return {
    data: rows,
    message: 'Judgments retrieved successfully.',
    pageToken:
      more && last ? tokens.encode(query, { at: last.decidedAt, id: last.judgmentId }) : null,
  };
}
