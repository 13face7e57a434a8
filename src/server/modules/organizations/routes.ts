import {
  addOrganizations,
  addUserGroups,
  addUsersToGroups,
  deleteOrganizations,
  deleteUsersFromGroups,
  getOrganizations,
} from '#contract/organizations';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as organizations from './organizations';
import * as groups from './user-groups';

export const organizationsModule: ServiceModule = {
  routes: (s) => {
    const pages = organizations.organizationPages(s);
    return [
      route(addOrganizations, 'Organizations processed.', (input, ctx) =>
        organizations.addOrganizations(s, ctx.auth.apiKeyId, input),
      ),
      answerRoute(getOrganizations, (input, ctx) => pages(ctx.auth.apiKeyId, input)),
      route(deleteOrganizations, 'Organizations processed.', (input, ctx) =>
        organizations.deleteOrganizations(s, ctx.auth.apiKeyId, input),
      ),
      route(addUserGroups, 'User groups processed.', (input, ctx) =>
        groups.addUserGroups(s, ctx.auth.apiKeyId, input),
      ),
      route(addUsersToGroups, 'Users processed for the organization user group.', (input, ctx) =>
        groups.addUsersToGroup(s, ctx.auth.apiKeyId, input),
      ),
      route(
        deleteUsersFromGroups,
        'Users processed for the organization user group.',
        (input, ctx) => groups.deleteUsersFromGroup(s, ctx.auth.apiKeyId, input),
      ),
    ];
  },
};
