import { addNotifications, deleteNotifications, getNotifications } from '#contract/notifications';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as adding from './add-notifications';
import * as deleting from './delete-notifications';
import * as listing from './get-notifications';

export const notificationsModule: ServiceModule = {
  routes: (s) => [
    route(
      addNotifications,
      (data) => data.message,
      (input, ctx) => adding.addNotification(s, ctx.auth.apiKeyId, input),
    ),
    route(deleteNotifications, 'Notification(s) deleted successfully.', (input, ctx) =>
      deleting.deleteNotifications(s, ctx.auth.apiKeyId, input),
    ),
    answerRoute(getNotifications, (input, ctx) =>
      listing.getNotifications(s, ctx.auth.apiKeyId, input),
    ),
  ],
};
