import {
  createApiKey,
  getApiKeyConfig,
  getAuthTokens,
  getPermissionProviderConfig,
  resetAuthToken,
  updateApiKeyConfig,
  updatePermissionProviderConfig,
} from '#contract/api-keys';
import { getApiKeyCounts } from '#contract/api-key-counts';
import { keyCounts } from '../../rows/key-counts';
import { SECRET_MASK } from '../../audit/audit-entry';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as config from './config-service';
import * as apiKeys from './service';

export const apiKeysModule: ServiceModule = {
  routes: (s) => [
    route(getAuthTokens, 'Auth tokens retrieved successfully.', (input, ctx) =>
      apiKeys.getAuthTokens(s, ctx.auth.workspaceId, input.apiKey),
    ),
    route(resetAuthToken, 'Auth token reset successfully.', (input, ctx) => {
      ctx.audit.changes({ authToken: { from: SECRET_MASK, to: SECRET_MASK } });
      return apiKeys.resetAuthToken(s, ctx.auth.workspaceId, input.apiKey);
    }),
    route(createApiKey, 'API key created successfully.', async (input, ctx) => {
      const created = await apiKeys.createApiKey(s, ctx.auth.workspaceId, input);
      ctx.audit.target({ apiKeyId: created.apiKey });
      return created;
    }),
    route(getApiKeyConfig, 'API key configuration retrieved successfully.', (_input, ctx) =>
      config.getApiKeyConfig(s, ctx.auth),
    ),
    route(getApiKeyCounts, 'API key counts retrieved successfully.', (_input, ctx) =>
      keyCounts(s.db, ctx.auth.apiKeyId),
    ),
    route(updateApiKeyConfig, 'API key configuration updated successfully.', (input, ctx) =>
      config.updateApiKeyConfig(s, ctx.auth.apiKeyId, input, ctx.audit),
    ),
    route(
      getPermissionProviderConfig,
      'Permission provider configuration retrieved successfully.',
      (_input, ctx) => config.getPermissionProviderConfig(s, ctx.auth.apiKeyId),
    ),
    route(
      updatePermissionProviderConfig,
      'Permission provider configuration updated successfully.',
      (input, ctx) => config.updatePermissionProviderConfig(s, ctx.auth.apiKeyId, input, ctx.audit),
    ),
  ],
};
