import type { APIRequestContext } from '@playwright/test';
import type { GetNotificationsRequest, Notification } from '#contract/notifications';
import { apiKeyHeaders } from './api-keys';
import { post } from './service';
import type { Credentials } from './webhooks';

/** The notifications Get Notifications answers for these filters (one page of up to 1,000). */
export async function storedNotifications(
  request: APIRequestContext,
  credentials: Credentials,
  filter: GetNotificationsRequest,
): Promise<Notification[]> {
  const answer = await post<Notification[]>(
    request,
    '/v2/notifications/get',
    filter,
    apiKeyHeaders(credentials.apiKey, credentials.token),
  );
  return answer.data;
}
