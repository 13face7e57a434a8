import type { APIRequestContext } from '@playwright/test';
import type { Activity, GetActivityLogsRequest } from '#contract/activities';
import { apiKeyHeaders } from './api-keys';
import { post } from './service';
import type { Credentials } from './webhooks';

/** The activities Get Activity Logs answers for these filters (one page of up to 1,000). */
export async function storedActivities(
  request: APIRequestContext,
  credentials: Credentials,
  filter: GetActivityLogsRequest,
): Promise<Activity[]> {
  const answer = await post<Activity[]>(
    request,
    '/v2/activities/get',
    filter,
    apiKeyHeaders(credentials.apiKey, credentials.token),
  );
  return answer.data;
}
