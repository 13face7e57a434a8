import { addUsers, getUserGroups, getUsers } from '#contract/users';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as adding from './add-users';
import { userGroupPages } from './get-user-groups';
import * as listing from './get-users';

export const usersModule: ServiceModule = {
  routes: (s) => {
    const groupPages = userGroupPages(s);
    return [
      route(addUsers, 'Users processed.', (input, ctx) =>
        adding.addUsers(s, ctx.auth.apiKeyId, input),
      ),
      answerRoute(getUsers, (input, ctx) =>
        listing.retrievingUsers(ctx.log, async () => {
          const page = await listing.getUsers(s, ctx.auth.apiKeyId, input);
          return {
            data: page.data,
            message: 'Users retrieved successfully.',
            pageToken: page.nextPageToken,
          };
        }),
      ),
      answerRoute(getUserGroups, (input, ctx) => groupPages(ctx.auth.apiKeyId, input)),
    ];
  },
};
