import type { FastifyInstance } from 'fastify';
import {
  completeLogin,
  createWorkspace,
  getEmailVerificationStatus,
  getWorkspace,
  sendLoginLink,
} from '../../../contract/workspace';
import { type BindOptions, type RouteLimit, bindEndpoint } from '../../http/bind';
import type { Services } from '../../services';
import * as login from './login';
import * as workspace from './service';

export function workspaceRoutes(app: FastifyInstance, s: Services, options: BindOptions): void {
  const limits = s.config.rateLimits;
  const perAddress = (name: string, rule: RouteLimit['rule']): RouteLimit => ({
    name,
    rule,
    key: (req) => req.ip,
  });

  bindEndpoint(
    app,
    createWorkspace,
    async (input) => ({
      data: await workspace.createWorkspace(s, input),
      message: 'Workspace created successfully.',
    }),
    options,
    [perAddress('create-workspace', limits.createWorkspace)],
  );
  bindEndpoint(
    app,
    getWorkspace,
    async (_input, ctx) => ({
      data: await workspace.getWorkspace(s, ctx.auth.workspaceId),
      message: 'Workspace retrieved successfully.',
    }),
    options,
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
  );
  bindEndpoint(
    app,
    sendLoginLink,
    async (input) => {
      await login.sendLoginLink(s, input);
      return { data: null, message: 'Login link sent. Check your inbox.' };
    },
    options,
    [perAddress('send-login-link', limits.sendLoginLink)],
  );
  bindEndpoint(
    app,
    getEmailVerificationStatus,
    async (input) => login.emailVerificationStatus(s, input.ownerEmail),
    options,
    [perAddress('email-status', limits.emailStatus)],
  );
  bindEndpoint(
    app,
    completeLogin,
    async (input) => ({
      data: await login.completeLogin(s, input.oobCode),
      message: 'Signed in.',
    }),
    options,
  );
}
