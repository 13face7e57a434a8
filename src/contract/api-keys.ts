import { z } from 'zod';
import {
  accessTypeSchema,
  atLeastOneFieldMessage,
  hasAnyField,
  nameSchema,
  noFields,
  pageSize,
  pageTokenSchema,
  uniqueBy,
} from './common';
import { idRef, idRefList } from './ids';
import { endpoint } from './endpoint';
import { apiKeyEntrySchema, apiKeyTypeSchema } from './workspace';

export const authTokenSchema = z.object({
  token: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
});
export type AuthToken = z.infer<typeof authTokenSchema>;

export const resetAuthToken = endpoint({
  name: 'Reset Auth Token',
  path: '/v2/workspace/authtoken/reset',
  write: true,
  auth: 'workspace',
  area: 'api-keys',
  envelope: 'A',
  request: z.object({ apiKey: idRef() }),
  data: z.object({ apiKey: z.string(), newAuthToken: authTokenSchema }),
  errors: ['NOT_FOUND'],
});

export const getAuthTokens = endpoint({
  name: 'Get Auth Tokens',
  path: '/v2/workspace/authtokens/get',
  auth: 'workspace',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: z.object({ apiKey: idRef() }),
  data: z.object({ apiKey: z.string(), authTokens: z.array(authTokenSchema) }),
  errors: ['NOT_FOUND'],
  access: { reveals: { fields: ['authTokens[].token'], seenBy: 'admin' } },
});

export const createApiKeyRequest = z.object({
  type: apiKeyTypeSchema,
  apiKeyName: nameSchema(200, 'must not be empty when given').optional(),
});

export const createApiKey = endpoint({
  name: 'Create API Key',
  path: '/v2/workspace/apikey/create',
  write: true,
  auth: 'workspace',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: createApiKeyRequest,
  data: z.object({ apiKey: z.string() }),
  errors: ['RESOURCE_EXHAUSTED'],
});

/** Get API Keys' largest page, and its page when the caller gives none (the hosted product's). */
export const MAX_API_KEYS_PAGE = 100;

export const getApiKeysRequest = z
  .object({
    /** Only these keys of the workspace; an id the workspace does not hold is left out. */
    apiKeys: idRefList(MAX_API_KEYS_PAGE).optional(),
    pageSize: pageSize(MAX_API_KEYS_PAGE).optional(),
    pageToken: pageTokenSchema().optional(),
  })
  .prefault({});
export type GetApiKeysRequest = z.input<typeof getApiKeysRequest>;

export const getApiKeys = endpoint({
  name: 'Get API Keys',
  path: '/v2/workspace/apikeys/get',
  auth: 'workspace',
  area: 'api-keys',
  envelope: 'A',
  request: getApiKeysRequest,
  data: z.array(apiKeyEntrySchema),
  pageField: 'nextPageToken',
  pageTokenOmittedAtEnd: true,
  errors: ['INVALID_ARGUMENT'],
});

/** The specification's bound on an API key's name (Create API Key). */
const apiKeyName = nameSchema(200);

export const updateApiKeyRequest = z.object({
  apiKey: idRef(),
  apiKeyName,
});
export type UpdateApiKeyRequest = z.input<typeof updateApiKeyRequest>;

export const updateApiKey = endpoint({
  name: 'Update API Key',
  path: '/v2/workspace/apikey/update',
  write: true,
  auth: 'workspace',
  area: 'api-keys',
  envelope: 'A',
  request: updateApiKeyRequest,
  data: z.null(),
  errors: ['NOT_FOUND'],
});

/** Raw provider keys are write-only; reads show this masked form. */
export const aiModelsConfigSchema = z.record(z.string(), z.object({ displayText: z.string() }));
export type AiModelsConfig = z.infer<typeof aiModelsConfigSchema>;

/**
 * Longest AI provider name. The specification names openai, anthropic and gemini; 64 characters
 * leave room for any real provider and keep the name on one line of the settings page.
 */
export const MAX_AI_PROVIDER_LENGTH = 64;

/**
 * The specification has openai, anthropic and gemini; any provider named in lower case is taken:
 * trimmed, 1 to MAX_AI_PROVIDER_LENGTH characters, a lower-case letter then letters, digits, `_`
 * and `-` (so no space or control character).
 */
export const aiProviderSchema = z
  .string()
  .trim()
  .max(MAX_AI_PROVIDER_LENGTH, `must be at most ${MAX_AI_PROVIDER_LENGTH} characters`)
  .regex(/^[a-z][a-z0-9_-]*$/, 'must be a provider name in lower case, such as openai')
  .describe(
    `An AI provider's name: 1 to ${MAX_AI_PROVIDER_LENGTH} characters, a lower-case letter followed by lower-case letters, digits, _ and -.`,
  );

/** API keys of each kind one workspace may have. */
export const MAX_NON_PRODUCTION_KEYS = 10;
export const MAX_PRODUCTION_KEYS = 10;

export const MAX_AI_PROVIDER_KEY_LENGTH = 4096;

export const aiModelApiKeySchema = z.object({
  provider: aiProviderSchema,
  customerApiKey: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_AI_PROVIDER_KEY_LENGTH, `must be at most ${MAX_AI_PROVIDER_KEY_LENGTH} characters`),
});

export const updateApiKeyConfigRequest = z
  .strictObject({
    enablePrivateComments: z.boolean().optional(),
    requireJwtToken: z.boolean().optional(),
    requireAutoOrgUser: z.boolean().optional(),
    defaultDocumentAccessType: accessTypeSchema.optional(),
    aiModelApiKey: z
      .array(aiModelApiKeySchema)
      .min(1, 'must have at least one entry')
      .superRefine(uniqueBy((entry) => entry.provider, 'provider'))
      .optional(),
  })
  .refine(hasAnyField, { error: atLeastOneFieldMessage })
  // An absent `data` gets the same answer as an empty one: nothing to update.
  .prefault({});
export type UpdateApiKeyConfigRequest = z.input<typeof updateApiKeyConfigRequest>;

/** The post-write values of the fields a call provided (rule 5), or only the unchanged flag (rule 6). */
export const apiKeyConfigUpdateSchema = z.object({
  enablePrivateComments: z.boolean().optional(),
  requireJwtToken: z.boolean().optional(),
  requireAutoOrgUser: z.boolean().optional(),
  defaultDocumentAccessType: accessTypeSchema.optional(),
  aiModelsConfig: aiModelsConfigSchema.optional(),
});
export type ApiKeyConfigUpdate = z.infer<typeof apiKeyConfigUpdateSchema>;

/** No billing system exists: a workspace holding a production key is on the paid plan. */
export const planTypeSchema = z.enum(['free', 'paid']);
export type PlanType = z.infer<typeof planTypeSchema>;

export const apiKeyConfigSchema = z.object({
  ownerEmail: z.string(),
  planInfo: z.object({ type: planTypeSchema }),
  defaultDocumentAccessType: accessTypeSchema,
  isPrivateCommentsEnabled: z.boolean(),
  requireJwtToken: z.boolean(),
  requireAutoOrgUser: z.boolean(),
  aiModelsConfig: aiModelsConfigSchema.optional(),
});
export type ApiKeyConfig = z.infer<typeof apiKeyConfigSchema>;

export const permissionProviderConfigSchema = z.object({
  usePermissionProvider: z.boolean(),
  permissionProviderConfig: z.object({
    permissionProviderUrl: z.string(),
    /** Masked on every read. */
    authToken: z.string(),
  }),
});
export type PermissionProviderConfig = z.infer<typeof permissionProviderConfigSchema>;

export const MAX_PERMISSION_PROVIDER_TOKEN_LENGTH = 4096;

export const updatePermissionProviderConfigRequest = z
  .strictObject({
    usePermissionProvider: z.boolean().optional(),
    permissionProviderConfig: z
      .strictObject({
        // The provider receives end users' access questions with a bearer token: never in clear text.
        permissionProviderUrl: z
          .url({ protocol: /^https$/, error: 'must be a valid https URL' })
          .trim()
          .max(2000, 'must be at most 2000 characters')
          .optional(),
        authToken: z
          .string()
          .max(
            MAX_PERMISSION_PROVIDER_TOKEN_LENGTH,
            `must be at most ${MAX_PERMISSION_PROVIDER_TOKEN_LENGTH} characters`,
          )
          .optional(),
      })
      .refine(hasAnyField, { error: 'must set permissionProviderUrl or authToken' })
      .optional(),
  })
  .refine(hasAnyField, { error: atLeastOneFieldMessage })
  .prefault({});
export type UpdatePermissionProviderConfigRequest = z.input<
  typeof updatePermissionProviderConfigRequest
>;

export const updateApiKeyConfig = endpoint({
  name: 'Update API Key Config',
  path: '/v2/workspace/apikeyconfig/update',
  write: true,
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  request: updateApiKeyConfigRequest,
  data: apiKeyConfigUpdateSchema,
  errors: [],
});

export const getApiKeyConfig = endpoint({
  name: 'Get API Key Config',
  path: '/v2/workspace/apikeyconfig/get',
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: apiKeyConfigSchema,
  errors: [],
});

export const getPermissionProviderConfig = endpoint({
  name: 'Get Permission Provider Config',
  path: '/v2/workspace/permissionproviderconfig/get',
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  request: noFields,
  data: permissionProviderConfigSchema,
  errors: [],
});

export const updatePermissionProviderConfig = endpoint({
  name: 'Update Permission Provider Config',
  path: '/v2/workspace/permissionproviderconfig/update',
  write: true,
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: updatePermissionProviderConfigRequest,
  data: permissionProviderConfigSchema,
  errors: [],
});
