import type { FastifyInstance } from 'fastify';
import {
  createApiKey,
  getApiKeyConfig,
  getAuthTokens,
  getPermissionProviderConfig,
  resetAuthToken,
  updateApiKeyConfig,
  updatePermissionProviderConfig,
} from '../../../contract/api-keys';
import { type BindOptions, bindEndpoint } from '../../http/bind';
import type { Services } from '../../services';
import * as config from './config-service';
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
  bindEndpoint(
    app,
    getApiKeyConfig,
    async (_input, ctx) => ({
      data: await config.getApiKeyConfig(s, ctx.auth),
      message: 'API key configuration retrieved successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    updateApiKeyConfig,
    async (input, ctx) => ({
      data: await config.updateApiKeyConfig(s, ctx.auth.apiKeyId, input),
      message: 'API key configuration updated successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    getPermissionProviderConfig,
    async (_input, ctx) => ({
      data: await config.getPermissionProviderConfig(s, ctx.auth.apiKeyId),
      message: 'Permission provider configuration retrieved successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    updatePermissionProviderConfig,
    async (input, ctx) => ({
      data: await config.updatePermissionProviderConfig(s, ctx.auth.apiKeyId, input),
      message: 'Permission provider configuration updated successfully.',
    }),
    options,
  );
}
