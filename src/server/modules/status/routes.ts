import { getWorkspaceStatus } from '#contract/status';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as status from './get-workspace-status';

/** The workspace's Status page: its queues, deliveries and failing endpoints, a read. */
export const statusModule: ServiceModule = {
  routes: (s) => [
    route(getWorkspaceStatus, 'Workspace status retrieved successfully.', (_input, ctx) =>
      status.getWorkspaceStatus(s, ctx.auth.workspaceId),
    ),
  ],
};
