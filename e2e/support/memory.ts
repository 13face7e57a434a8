import type { APIRequestContext } from '@playwright/test';
import type { Judgment, SuggestDecisionResult } from '#contract/memory';
import { apiKeyCredentials, post } from './service';
import type { Credentials } from './webhooks';
import { getJudgments, suggestDecision } from '#contract/memory';

/** Calls of the memory area against the real service, to check what the console showed. */

/** Suggest Decision as the service answers it (envelope B: `result` holds the suggestions). */
export async function suggestThroughApi(
  request: APIRequestContext,
  credentials: Credentials,
  data: { query: string; organizationId?: string; documentId?: string },
): Promise<SuggestDecisionResult> {
  const answer = await post(
    request,
    suggestDecision,
    data,
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  return answer.data;
}

/** Every judgment Get Judgments answers for the filter, all pages, newest first. */
export async function storedJudgments(
  request: APIRequestContext,
  credentials: Credentials,
  filter: { organizationId?: string; decision?: 'approve' | 'reject'; reviewerId?: string } = {},
): Promise<Judgment[]> {
  const judgments: Judgment[] = [];
  let pageToken: string | undefined;
  do {
    const answer = await post(
      request,
      getJudgments,
      { ...filter, pageSize: 100, ...(pageToken ? { pageToken } : {}) },
      apiKeyCredentials(credentials.apiKey, credentials.token),
    );
    judgments.push(...answer.data);
    pageToken = answer.pageToken || undefined;
  } while (pageToken);
  return judgments;
}
