import type { APIRequestContext } from '@playwright/test';
import { type DemoOrganization, demoWorkspace } from '#scripts/seed/demo-data';
import { type SeedResult, seed } from '#scripts/seed/run-seed';
import { apiKeyCredentials, post } from './service';
import { type Credentials, workspaceWithKey } from './webhooks';
import { getOrganizations } from '#contract/organizations';

/**
 * Fills the key with the demo data of `npm run seed` (its organizations, folders, documents,
 * users and feature data), through the service's endpoints, as the command does.
 */
export async function seedKey(
  baseUrl: string,
  credentials: Credentials,
  scale: number,
): Promise<SeedResult> {
  return seed({
    baseUrl,
    // Not used: the seed goes through the key it is given.
    email: 'seed@example.com',
    scale,
    credentials: { apiKey: credentials.apiKey, authToken: credentials.token },
    credentialsFile: '',
    concurrency: 2,
    log: () => undefined,
  });
}

/**
 * One organization of the demo, 33 documents, 8 users and 5 folders deep: enough for every page,
 * quick to seed (the demo's 2,000 documents, 500 users and 300 folders at this scale).
 */
export const DEMO_SCALE = 0.0165;

/**
 * A new workspace whose key holds the demo data at `scale`, with the demo's first organization
 * (what was seeded into it, to check the pages against).
 */
export async function seededWorkspace(
  request: APIRequestContext,
  baseUrl: string | undefined,
  owner: string,
  scale = DEMO_SCALE,
): Promise<Awaited<ReturnType<typeof workspaceWithKey>> & { demo: DemoOrganization }> {
  const seeded = await workspaceWithKey(request, owner);
  await seedKey(baseUrl ?? '', seeded.credentials, scale);
  const [demo] = demoWorkspace(scale);
  if (!demo) throw new Error('the demo has no organization');
  return { ...seeded, demo };
}

export interface StoredOrganization {
  id: string;
  organizationName: string;
  disabled: boolean;
}

/** Every organization the service holds for the key, in its order. */
export async function storedOrganizations(
  request: APIRequestContext,
  credentials: Credentials,
): Promise<StoredOrganization[]> {
  const answer = await post(
    request,
    getOrganizations,
    { pageSize: 1000 },
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  return answer.data;
}
