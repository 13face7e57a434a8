import { type Client, createClient } from '#contract/client';
import { type ApiKeyCredentials, type Credentials, sourceOf } from '#contract/credentials';
import {
  createAdvancedWebhookEndpoint,
  getAdvancedWebhookEndpointSecret,
  updateAdvancedWebhookConfig,
  updateAdvancedWebhookEndpoint,
} from '#contract/webhooks';
import { listAdvancedWebhookEndpointMessages } from '#contract/webhook-deliveries';
import { createWorkspace } from '#contract/workspace-access';
import { getAuthTokens } from '#contract/api-keys';
import { addCommentAnnotations } from '#contract/activities';
import { createWorkspaceFixture } from './fixtures';
import { dataOf } from './replies';
import type { TestService } from './test-service';

/**
 * The webhook calls of one API key, each answering the data of its 200, through a contract client
 * that presents the key: a workspace fixture, `svc.client([key])` or `remote(url, [key])`.
 */
export function webhooksOf(client: Pick<Client, 'send'>) {
  return {
    enable: async (extra: Record<string, unknown> = {}) =>
      dataOf(await client.send(updateAdvancedWebhookConfig, { isEnabled: true, ...extra })),
    createEndpoint: async (data: Record<string, unknown>) =>
      dataOf(await client.send(createAdvancedWebhookEndpoint, data)),
    updateEndpoint: async (data: Record<string, unknown>) =>
      dataOf(await client.send(updateAdvancedWebhookEndpoint, data)),
    secret: async (endpointId: string) =>
      dataOf(await client.send(getAdvancedWebhookEndpointSecret, { endpointId })).secret,
    messages: async (endpointId: string, extra: Record<string, unknown> = {}) =>
      dataOf(await client.send(listAdvancedWebhookEndpointMessages, { endpointId, ...extra })),
    /** One annotation per text, each with one comment: 2 events apiece. */
    addComments: async (organizationId: string, texts: string[], documentId = 'doc-1') =>
      dataOf(
        await client.send(addCommentAnnotations, {
          organizationId,
          documentId,
          commentAnnotations: texts.map((commentText) => ({
            commentData: [{ commentText, from: { userId: 'u-1', name: 'Ann' } }],
          })),
        }),
      ),
  };
}

/** A fresh workspace with advanced webhooks on and one endpoint, with its secret. */
export async function endpointFixture(
  svc: TestService,
  endpoint: Record<string, unknown>,
  config: Record<string, unknown> = {},
) {
  const fx = await createWorkspaceFixture(svc);
  const wh = webhooksOf(fx);
  await wh.enable(config);
  const ep = await wh.createEndpoint(endpoint);
  return { fx, wh, ep, secret: await wh.secret(ep.id) };
}

/** The contract's client of a service in another process, presenting the credentials given. */
export function remote(url: string, credentials: readonly Credentials[] = []): Client {
  return createClient({ baseUrl: url, credentials: sourceOf(credentials), name: 'test' });
}

/** The credentials of a new workspace's first API key on any service, local or remote. */
export async function apiKeyCredentialsOn(
  svc: Pick<Client, 'call'>,
  email: string,
): Promise<ApiKeyCredentials> {
  const { data: ws } = await svc.call(createWorkspace, { ownerEmail: email });
  const apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
  const { data: tokens } = await svc.call(
    getAuthTokens,
    { apiKey },
    { credentials: { kind: 'workspace', id: ws.id, token: ws.authToken } },
  );
  return { kind: 'apiKey', id: apiKey, token: tokens.authTokens[0]?.token ?? '' };
}

export const webhookErrors = {
  unknown: (endpointId: string) => ({
    error: {
      status: 'INVALID_ARGUMENT',
      message: `Webhook endpoint ${endpointId} does not exist.`,
    },
  }),
  notEnabled: {
    error: {
      status: 'FAILED_PRECONDITION',
      message:
        'Advanced webhooks are not enabled for this API key. Turn them on with Update Advanced Webhook Config (isEnabled: true).',
    },
  },
};
