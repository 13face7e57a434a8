import type { ServiceModule } from '../../http/service-module';

/** A person's sessions: the current one, the list, revocation, sign-out (DESIGN.md § Team access). */
export const sessionsModule: ServiceModule = {
  routes: () => [],
};
