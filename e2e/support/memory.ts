import type { APIRequestContext } from '@playwright/test';
import type { Judgment, SuggestDecisionResult } from '#contract/memory';
import { apiKeyHeaders } from './api-keys';
import type { Credentials } from './webhooks';

/** Calls of the memory area against the real service, to check what the console showed. */

/** Suggest Decision as the service answers it (envelope B: `result` holds the suggestions). */
export async function suggestThroughApi(
  request: APIRequestContext,
  credentials: Credentials,
  data: { query: string; organizationId?: string; documentId?: string },
): Promise<SuggestDecisionResult> {
  const response = await request.post('/v2/memory/suggest', {
    data: { data },
    headers: apiKeyHeaders(credentials.apiKey, credentials.token),
  });
  const body = (await response.json()) as { result: SuggestDecisionResult };
  return body.result;
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
    const response = await request.post('/v2/memory/judgments/get', {
      data: { data: { ...filter, pageSize: 100, ...(pageToken ? { pageToken } : {}) } },
      headers: apiKeyHeaders(credentials.apiKey, credentials.token),
    });
    const body = (await response.json()) as {
      result: { data: Judgment[]; nextPageToken?: string };
    };
    judgments.push(...body.result.data);
    pageToken = body.result.nextPageToken || undefined;
  } while (pageToken);
  return judgments;
}
