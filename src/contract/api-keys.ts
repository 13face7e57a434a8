import { z } from 'zod';
import { id } from './common';
import { endpoint } from './endpoint';
import { apiKeyTypeSchema } from './workspace';

export const authTokenSchema = z.object({
  token: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
});
export type AuthToken = z.infer<typeof authTokenSchema>;

export const resetAuthToken = endpoint({
  name: 'Reset Auth Token',
  path: '/v2/workspace/authtoken/reset',
  auth: 'workspace',
  area: 'api-keys',
  envelope: 'A',
  request: z.object({ apiKey: id() }),
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
  request: z.object({ apiKey: id() }),
  data: z.object({ apiKey: z.string(), authTokens: z.array(authTokenSchema) }),
  errors: ['NOT_FOUND'],
});

export const createApiKeyRequest = z.object({
  type: apiKeyTypeSchema,
  apiKeyName: z
    .string()
    .trim()
    .min(1, 'must not be empty when given')
    .max(200, 'must be at most 200 characters')
    .optional(),
});

export const createApiKey = endpoint({
  name: 'Create API Key',
  path: '/v2/workspace/apikey/create',
  auth: 'workspace',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: createApiKeyRequest,
  data: z.object({ apiKey: z.string() }),
  errors: ['RESOURCE_EXHAUSTED'],
});
