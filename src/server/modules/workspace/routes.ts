import { getEmailVerificationStatus, getWorkspace, sendLoginLink } from '#contract/workspace';
import { completeLogin, createWorkspace, getWorkspaceAuthToken } from '#contract/workspace-access';
import type { RouteLimit } from '../../rate-limits/route-limit';
import { refusedCredentialLimits } from '../../rate-limits/credential-limits';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import { completeLogin as signIn } from './complete-login';
import * as login from './login';
import * as workspace from './service';

const perAddress = (name: string, rule: RouteLimit['rule']): RouteLimit => ({
  name,
  rule,
  key: (req) => req.ip,
});

export const workspaceModule: ServiceModule = {
  routes: (s) => {
    const limits = s.config.rateLimits;
    return [
      route(
        createWorkspace,
        'Workspace created successfully.',
        async (input, ctx) => {
          const created = await workspace.createWorkspace(s, input);
          // A public call: the workspace it created owns its audit entry.
          ctx.audit.owner(created.id);
          return created;
        },
        [perAddress('create-workspace', limits.createWorkspace)],
      ),
      route(
        getWorkspace,
        'Workspace retrieved successfully.',
        (_input, ctx) => workspace.getWorkspace(s, ctx.auth.workspaceId),
        [
          // Failures per address and successes per workspace: a caller with a wrong token can
          // neither guess on and on nor use up the reads of the workspace's owner.
          { ...perAddress('get-workspace', limits.getWorkspace), counts: 'failed' },
          {
            name: 'get-workspace-id',
            rule: limits.getWorkspace,
            counts: 'authenticated',
            key: (_req, auth) => (auth && 'workspaceId' in auth ? auth.workspaceId : undefined),
          },
        ],
      ),
      route(getWorkspaceAuthToken, 'Workspace auth token retrieved successfully.', (_input, ctx) =>
        workspace.getWorkspaceAuthToken(s, ctx.auth.workspaceId),
      ),
      route(
        sendLoginLink,
        'Login link sent. Check your inbox.',
        async (input) => {
          await login.sendLoginLink(s, input);
          return null;
        },
        [perAddress('send-login-link', limits.sendLoginLink)],
      ),
      answerRoute(
        getEmailVerificationStatus,
        (input) => login.emailVerificationStatus(s, input.ownerEmail),
        [perAddress('email-status', limits.emailStatus)],
      ),
      route(
        completeLogin,
        'Signed in.',
        (input, ctx) => signIn(s, input.oobCode, ctx),
        // A wrong code is a wrong credential: counted against the address like a wrong token.
        refusedCredentialLimits(limits, completeLogin.auth),
      ),
    ];
  },
};
