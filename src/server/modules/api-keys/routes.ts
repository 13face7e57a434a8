import {
  createApiKey,
  getApiKeyConfig,
  getApiKeys,
  getAuthTokens,
  getPermissionProviderConfig,
  resetAuthToken,
  updateApiKey,
  updateApiKeyConfig,
  updatePermissionProviderConfig,
} from '#contract/api-keys';
import { getApiKeyCounts } from '#contract/api-key-counts';
import { keyCounts } from '../../rows/key-counts';
import { SECRET_MASK } from '../../audit/audit-entry';
import { answerRoute, route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as config from './config-service';
import * as apiKeys from './service';
import { apiKeyPages, updateApiKey as renameKey } from './api-key-list';
import { addDomains, deleteDomains, getDomains } from '#contract/allowed-domains';
import { allowedDomainsOf } from './domains-store';
import * as domains from './domains-service';

export const apiKeysModule: ServiceModule = {
  routes: (s) => {
    const keyPages = apiKeyPages(s);
    return [
      answerRoute(getApiKeys, (input, ctx) => keyPages(ctx.auth.workspaceId, input)),
      route(getDomains, 'Allowed domains retrieved successfully.', async (_input, ctx) => ({
        allowedDomains: await allowedDomainsOf(s.db, ctx.auth.apiKeyId),
      })),
      answerRoute(addDomains, (input, ctx) =>
        domains.addDomains(s, ctx.auth.apiKeyId, input, ctx.audit),
      ),
      answerRoute(deleteDomains, (input, ctx) =>
        domains.removeDomains(s, ctx.auth.apiKeyId, input, ctx.audit),
      ),
      route(updateApiKey, 'API key updated successfully.', (input, ctx) =>
        renameKey(s, ctx.auth.workspaceId, input, ctx.audit),
      ),
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
        (input, ctx) =>
          config.updatePermissionProviderConfig(s, ctx.auth.apiKeyId, input, ctx.audit),
      ),
    ];
  },
};
