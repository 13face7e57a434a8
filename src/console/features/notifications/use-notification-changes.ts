import { useQueryClient } from '@tanstack/react-query';
import {
  type AddNotificationsRequest,
  type DeleteNotificationsRequest,
  addNotifications,
  deleteNotifications,
} from '#contract/notifications';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useSaveMutation } from '../../lib/use-save-mutation';
import { notificationQueries } from './queries';

/** A write of the notifications area; the lists of notifications are asked again after it. */
function useNotificationsWrite<Request, Answer>(
  apiKey: ApiKeyCredentials,
  write: (request: Request) => Promise<Answer>,
  success: (answer: Answer) => string,
) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: write,
    onSaved: () => queryClient.invalidateQueries({ queryKey: notificationQueries.one(apiKey.id) }),
    success,
  });
}

export const useAddNotification = (apiKey: ApiKeyCredentials) =>
  useNotificationsWrite(
    apiKey,
    async (request: AddNotificationsRequest) =>
      (await call(addNotifications, request, { apiKey })).data,
    (answer) => (answer.success ? 'Notification added' : answer.message),
  );

export const useDeleteNotifications = (apiKey: ApiKeyCredentials) =>
  useNotificationsWrite(
    apiKey,
    async (request: DeleteNotificationsRequest) =>
      (await call(deleteNotifications, request, { apiKey })).data,
    (answer) => {
      const deleted = Object.values(answer).filter((result) => result.success).length;
      return `${deleted} notification${deleted === 1 ? '' : 's'} deleted`;
    },
  );
