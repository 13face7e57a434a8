import {
  addOrganizations,
  deleteOrganizations,
  getOrganizations,
} from '../../../contract/organizations';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as organizations from './organizations';

export const organizationsModule: ServiceModule = {
  area: 'organizations',
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
    ];
  },
};
