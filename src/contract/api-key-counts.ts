import { z } from 'zod';
import { noFields } from './common';
import { endpoint } from './endpoint';

// Apart from api-keys.ts, which the console's first load carries (the key layout gets auth
// tokens before any page): the overview's counts load with the overview.

/** What an API key holds, counted: the overview of the key in the console. */
export const apiKeyCountsSchema = z.object({
  organizations: z.number().int(),
  documents: z.number().int(),
  /** Distinct users across the key's organizations. */
  users: z.number().int(),
  webhookEndpoints: z.number().int(),
  runningExecutions: z.number().int(),
});
export type ApiKeyCounts = z.infer<typeof apiKeyCountsSchema>;

export const getApiKeyCounts = endpoint({
  name: 'Get API Key Counts',
  path: '/v2/workspace/apikeycounts/get',
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: apiKeyCountsSchema,
  errors: [],
});
