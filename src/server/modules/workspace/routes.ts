import type { FastifyInstance } from 'fastify';
import { createWorkspace, getWorkspace } from '../../../contract/workspace';
import { type BindOptions, bindEndpoint } from '../../http/bind';
import type { Services } from '../../services';
import * as workspace from './service';

export function workspaceRoutes(app: FastifyInstance, s: Services, options: BindOptions): void {
  bindEndpoint(
    app,
    createWorkspace,
    async (input) => ({
      data: await workspace.createWorkspace(s, input),
      message: 'Workspace created successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    getWorkspace,
    async (_input, ctx) => ({
      data: await workspace.getWorkspace(s, ctx.auth.workspaceId),
      message: 'Workspace retrieved successfully.',
    }),
    options,
  );
}
