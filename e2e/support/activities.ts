import type { APIRequestContext } from '@playwright/test';
import type { Activity, GetActivityLogsRequest } from '#contract/activities';
import { apiKeyCredentials, post } from './service';
import type { Credentials } from './webhooks';
import { getActivityLogs } from '#contract/activities';

/** The activities Get Activity Logs answers for these filters (one page of up to 1,000). */
export async function storedActivities(
  request: APIRequestContext,
  credentials: Credentials,
  filter: GetActivityLogsRequest,
): Promise<Activity[]> {
  const answer = await post(
    request,
    getActivityLogs,
    filter,
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  return answer.data;
}
