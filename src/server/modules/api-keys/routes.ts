import type { FastifyInstance } from 'fastify';
import { createApiKey, getAuthTokens, resetAuthToken } from '../../../contract/api-keys';
import { type BindOptions, bindEndpoint } from '../../http/bind';
import type { Services } from '../../services';
import * as apiKeys from './service';

export function apiKeysRoutes(app: FastifyInstance, s: Services, options: BindOptions): void {
  bindEndpoint(
    app,
    getAuthTokens,
    async (input, ctx) => ({
      data: await apiKeys.getAuthTokens(s, ctx.auth.workspaceId, input.apiKey),
      message: 'Auth tokens retrieved successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    resetAuthToken,
    async (input, ctx) => ({
      data: await apiKeys.resetAuthToken(s, ctx.auth.workspaceId, input.apiKey),
      message: 'Auth token reset successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    createApiKey,
    async (input, ctx) => ({
      data: await apiKeys.createApiKey(s, ctx.auth.workspaceId, input),
      message: 'API key created successfully.',
    }),
    options,
  );
}
