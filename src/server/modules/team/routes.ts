import type { ServiceModule } from '../../http/service-module';

/** Members and invitations (DESIGN.md § Team access). */
export const teamModule: ServiceModule = {
  routes: () => [],
};
