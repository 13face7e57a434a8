import { getCurrentSession, getSessions, revokeSessions, signOut } from '#contract/sessions';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as sessions from './sessions-service';

/** A person's sessions: the current one, the list, revocation, sign-out (DESIGN.md § Team access). */
export const sessionsModule: ServiceModule = {
  routes: (s) => [
    route(getCurrentSession, 'Session retrieved successfully.', (_input, ctx) =>
      sessions.currentSession(s, ctx.auth),
    ),
    route(getSessions, 'Sessions retrieved successfully.', (_input, ctx) => {
      // The binding refuses a token here (the endpoint is session only), so a person is present.
      const { person } = ctx.auth;
      if (!person) throw new Error('Get Sessions without a person');
      return sessions.getSessions(s, person);
    }),
    route(
      revokeSessions,
      ({ revoked }) => `${revoked} session${revoked === 1 ? '' : 's'} revoked.`,
      (input, ctx) =>
        sessions.revokeSessions(s, ctx.auth.workspaceId, ctx.auth.person, input, ctx.audit),
    ),
    route(signOut, 'Signed out.', async (_input, ctx) => {
      const answer = await sessions.signOut(s, ctx.auth, ctx.audit);
      ctx.session.clear();
      return answer;
    }),
  ],
};
