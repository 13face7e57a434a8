import type { APIRequestContext } from '@playwright/test';
import type { GetNotificationsRequest, Notification } from '#contract/notifications';
import { apiKeyCredentials, post } from './service';
import type { Credentials } from './webhooks';
import { getNotifications } from '#contract/notifications';

/** The notifications Get Notifications answers for these filters (one page of up to 1,000). */
export async function storedNotifications(
  request: APIRequestContext,
  credentials: Credentials,
  filter: GetNotificationsRequest,
): Promise<Notification[]> {
  const answer = await post(
    request,
    getNotifications,
    filter,
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  return answer.data;
}
