import { generateKeyPairSync } from 'node:crypto';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import {
  type ApiKey,
  apiKeyCredentials,
  authToken,
  createWorkspace,
  post,
  uniqueEmail,
  type WorkspaceAnswer,
} from './service';
import { openSignedIn } from './pages';
import {
  createAdvancedWebhookEndpoint,
  getAdvancedWebhookConfig,
  getAdvancedWebhookEndpointSecret,
  getAdvancedWebhookEndpoints,
  sendTestEvent as sendTestEventEndpoint,
  updateAdvancedWebhookConfig,
  updateAdvancedWebhookEndpoint,
} from '#contract/webhooks';
import type { AnyEndpoint, DataOf } from '#contract/endpoint';
import { listAdvancedWebhookEndpointMessages } from '#contract/webhook-deliveries';

/** Calls of the webhooks area against the real service, to set up a flow and check what it holds. */

export interface Credentials {
  apiKey: string;
  token: string;
}

export interface StoredWebhookConfig {
  isEnabled: boolean;
  encryptData: boolean;
  encodeData: boolean;
  publicKey: string;
  enableDataProtection: boolean;
}

export interface StoredEndpoint {
  id: string;
  url: string;
  description: string;
  filterTypes?: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  metadata?: Record<string, string>;
}

export interface StoredMessage {
  id: string;
  status: 'pending' | 'delivered' | 'failed';
  failureReason: string | null;
  attempts: { responseStatus: number | null }[];
}

export async function call<E extends AnyEndpoint>(
  request: APIRequestContext,
  credentials: Credentials,
  endpoint: E,
  data: unknown,
): Promise<DataOf<E>> {
  const answer = await post(
    request,
    endpoint,
    data,
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  expect(answer.httpStatus, `${endpoint.path}: ${answer.message}`).toBe(200);
  return answer.data;
}

export function webhookConfig(request: APIRequestContext, credentials: Credentials) {
  return call(request, credentials, getAdvancedWebhookConfig, {});
}

export function updateWebhookConfig(
  request: APIRequestContext,
  credentials: Credentials,
  data: Partial<StoredWebhookConfig>,
) {
  return call(request, credentials, updateAdvancedWebhookConfig, data);
}

/** Every endpoint the service holds for the key, page after page. */
export async function endpoints(request: APIRequestContext, credentials: Credentials, max = 250) {
  const all: StoredEndpoint[] = [];
  let iterator: string | undefined;
  do {
    const data = await call(request, credentials, getAdvancedWebhookEndpoints, {
      limit: 250,
      ...(iterator ? { iterator } : {}),
    });
    all.push(...data.endpoints);
    iterator = data.done ? undefined : (data.iterator ?? undefined);
  } while (iterator && all.length < max);
  return all;
}

export function createEndpoint(
  request: APIRequestContext,
  credentials: Credentials,
  data: Record<string, unknown> & { url: string },
) {
  return call(request, credentials, createAdvancedWebhookEndpoint, data);
}

export function updateEndpoint(
  request: APIRequestContext,
  credentials: Credentials,
  data: Record<string, unknown> & { endpointId: string },
) {
  return call(request, credentials, updateAdvancedWebhookEndpoint, data);
}

export async function endpointSecret(
  request: APIRequestContext,
  credentials: Credentials,
  endpointId: string,
) {
  const data = await call(request, credentials, getAdvancedWebhookEndpointSecret, { endpointId });
  return data.secret;
}

export async function sendTestEvent(
  request: APIRequestContext,
  credentials: Credentials,
  endpointId: string,
) {
  const data = await call(request, credentials, sendTestEventEndpoint, {
    endpointId,
  });
  return data.messageId;
}

export async function messages(
  request: APIRequestContext,
  credentials: Credentials,
  endpointId: string,
) {
  const data = await call(request, credentials, listAdvancedWebhookEndpointMessages, {
    endpointId,
    limit: 100,
  });
  return data.messages;
}

/** An RSA public key as PEM (SPKI), of the given size. */
export function rsaPublicKey(modulusLength = 2048): string {
  return generateKeyPairSync('rsa', { modulusLength }).publicKey.export({
    type: 'spki',
    format: 'pem',
  }) as string;
}

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A tiny receiver of deliveries on 127.0.0.1 (the embedded service allows loopback targets). Each
 * answer's status is `status` at the time the delivery arrives, so a test can make it fail and
 * then recover.
 */
export async function startReceiver() {
  const deliveries: Delivery[] = [];
  const state = { status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status < 300 ? 'received' : 'receiver failed on purpose');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    deliveries,
    /** The status the following deliveries get. */
    answer: (status: number) => {
      state.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A fresh workspace, its first API key and that key's auth token. */
export async function workspaceWithKey(request: APIRequestContext, owner: string) {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail(owner),
    workspaceName: `${owner} webhooks`,
  });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the workspace has no key');
  const credentials: Credentials = {
    apiKey: key.id,
    token: await authToken(request, workspace, key.id),
  };
  return { workspace, key, credentials };
}

/** Opens the key's Advanced webhooks page, signed in to its workspace. */
export async function openWebhooks(page: Page, workspace: WorkspaceAnswer, key: ApiKey) {
  await openSignedIn(page, workspace, `/keys/${key.id}/webhooks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced webhooks' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Advanced webhook configuration' })).toBeVisible();
}

/** Creates `count` endpoints through the service, a few at a time, numbered from 1. */
export async function createEndpoints(
  request: APIRequestContext,
  credentials: Credentials,
  count: number,
  concurrency = 8,
): Promise<void> {
  let next = 1;
  const worker = async () => {
    for (let n = next++; n <= count; n = next++) {
      await createEndpoint(request, credentials, {
        url: `https://hooks.example.com/${String(n).padStart(4, '0')}`,
        description: n % 2 === 0 ? `Even ${n}` : `Odd ${n}`,
        ...(n % 3 === 0 ? { disabled: true } : {}),
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
