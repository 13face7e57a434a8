import {
  addUserGroups,
  addUsersToGroups,
  deleteUsersFromGroups,
} from '../../../contract/organizations';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as groups from './user-groups';

export const organizationsModule: ServiceModule = {
  area: 'organizations',
  routes: (s) => [
    route(addUserGroups, 'User groups processed.', (input, ctx) =>
      groups.addUserGroups(s, ctx.auth.apiKeyId, input),
    ),
    route(addUsersToGroups, 'Users processed for the organization user group.', (input, ctx) =>
      groups.addUsersToGroup(s, ctx.auth.apiKeyId, input),
    ),
    route(deleteUsersFromGroups, 'Users processed for the organization user group.', (input, ctx) =>
      groups.deleteUsersFromGroup(s, ctx.auth.apiKeyId, input),
    ),
  ],
};
