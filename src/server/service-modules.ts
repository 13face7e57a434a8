import type { FastifyInstance } from 'fastify';
import { type Area, areas } from '#contract/areas';
import type { BindOptions } from './http/bind';
import type { ServiceModule } from './http/service-module';
import { activitiesModule } from './modules/activities/routes';
import { agentsModule } from './modules/agents/routes';
import { apiKeysModule } from './modules/api-keys/routes';
import { auditLogModule } from './modules/audit-log/routes';
import { documentsModule } from './modules/documents/routes';
import { emailServiceModule } from './modules/email-service/routes';
import { foldersModule } from './modules/folders/routes';
import { memoryModule } from './modules/memory/routes';
import { notificationsModule } from './modules/notifications/routes';
import { organizationsModule } from './modules/organizations/routes';
import { userDataModule } from './modules/user-data/routes';
import { sessionsModule } from './modules/sessions/routes';
import { statusModule } from './modules/status/routes';
import { teamModule } from './modules/team/routes';
import { usersModule } from './modules/users/routes';
import { webhooksModule } from './modules/webhooks/routes';
import { workspaceModule } from './modules/workspace/routes';
import type { Services } from './services';

/** The module of each area of the contract's registry (contract/areas.ts). */
export const serviceModules: Record<Area, ServiceModule> = {
  workspace: workspaceModule,
  'api-keys': apiKeysModule,
  webhooks: webhooksModule,
  organizations: organizationsModule,
  folders: foldersModule,
  documents: documentsModule,
  users: usersModule,
  'user-data': userDataModule,
  notifications: notificationsModule,
  activities: activitiesModule,
  agents: agentsModule,
  memory: memoryModule,
  'audit-log': auditLogModule,
  team: teamModule,
  sessions: sessionsModule,
  status: statusModule,
  'email-service': emailServiceModule,
};

/**
 * Binds every area's routes, in the registry's order, and answers the paths bound. A module binds
 * its own area's endpoints only: one that binds another's is refused as the service starts, so
 * that an endpoint's area always names the module that serves it.
 */
export function bindModules(
  app: FastifyInstance,
  services: Services,
  bind: BindOptions,
): Set<string> {
  const bound = new Set<string>();
  for (const area of areas) {
    for (const route of serviceModules[area].routes(services)) {
      if (route.endpoint.area !== area) {
        throw new Error(
          `The ${area} module binds ${route.endpoint.path}, an endpoint of ${route.endpoint.area}.`,
        );
      }
      route.bind(app, bind);
      bound.add(route.endpoint.path);
    }
  }
  return bound;
}
