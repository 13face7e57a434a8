import { type Client, createClient } from '#contract/client';
import {
  type ApiKeyCredentials,
  type Credentials,
  credentialHeaderPairs,
  sourceOf,
} from '#contract/credentials';
import {
  type AdvancedWebhookEndpoint,
  createAdvancedWebhookEndpoint,
  deleteAdvancedWebhookEndpoint,
  getAdvancedWebhookConfig,
  getAdvancedWebhookEndpoints,
  getAdvancedWebhookEndpointSecret,
  sendTestEvent,
  updateAdvancedWebhookConfig,
  updateAdvancedWebhookEndpoint,
} from '#contract/webhooks';
import {
  listAdvancedWebhookEndpointMessages,
  recoverFailedAdvancedWebhookMessages,
  resendAdvancedWebhookMessage,
  rotateAdvancedWebhookEndpointSecret,
  type WebhookMessage,
} from '#contract/webhook-deliveries';
import { createWorkspaceFixture } from './fixtures';
import type { Reply, TestService } from './test-service';
import { createWorkspace } from '#contract/workspace';
import { getAuthTokens } from '#contract/api-keys';
import { addCommentAnnotations } from '#contract/activities';

/** What the webhook helpers need of a service: a POST with `{ data }`. */
export interface Poster {
  send: Client['send'];
  call: Client['call'];
  post<T = Record<string, unknown>>(
    path: string,
    data?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
}

export type Ok<T> = { result: { status: string; message: string; data: T } };

export const paths = {
  getConfig: getAdvancedWebhookConfig.path,
  updateConfig: updateAdvancedWebhookConfig.path,
  create: createAdvancedWebhookEndpoint.path,
  update: updateAdvancedWebhookEndpoint.path,
  list: getAdvancedWebhookEndpoints.path,
  remove: deleteAdvancedWebhookEndpoint.path,
  secret: getAdvancedWebhookEndpointSecret.path,
  rotate: rotateAdvancedWebhookEndpointSecret.path,
  test: sendTestEvent.path,
  messages: listAdvancedWebhookEndpointMessages.path,
  resend: resendAdvancedWebhookMessage.path,
  recover: recoverFailedAdvancedWebhookMessages.path,
  addComments: addCommentAnnotations.path,
} as const;

async function ok<T>(reply: Promise<Reply<Ok<T>>>): Promise<T> {
  const res = await reply;
  if (res.status !== 200) throw new Error(`expected 200, got ${JSON.stringify(res.body)}`);
  return res.body.result.data;
}

export function webhooksOf(svc: Poster, headers: Record<string, string>) {
  return {
    enable: (extra: Record<string, unknown> = {}) =>
      ok(svc.post<Ok<unknown>>(paths.updateConfig, { isEnabled: true, ...extra }, headers)),
    createEndpoint: (data: Record<string, unknown>) =>
      ok(svc.post<Ok<AdvancedWebhookEndpoint>>(paths.create, data, headers)),
    updateEndpoint: (data: Record<string, unknown>) =>
      ok(svc.post<Ok<AdvancedWebhookEndpoint>>(paths.update, data, headers)),
    secret: async (endpointId: string) =>
      (await ok(svc.post<Ok<{ secret: string }>>(paths.secret, { endpointId }, headers))).secret,
    messages: (endpointId: string, extra: Record<string, unknown> = {}) =>
      ok(
        svc.post<Ok<{ messages: WebhookMessage[]; iterator: string | null; done: boolean }>>(
          paths.messages,
          { endpointId, ...extra },
          headers,
        ),
      ),
    /** One annotation per text, each with one comment: 2 events apiece. */
    addComments: (organizationId: string, texts: string[], documentId = 'doc-1') =>
      ok(
        svc.post<
          Ok<Record<string, { success: boolean; annotationId: string; commentIds: string[] }>>
        >(
          paths.addComments,
          {
            organizationId,
            documentId,
            commentAnnotations: texts.map((commentText) => ({
              commentData: [{ commentText, from: { userId: 'u-1', name: 'Ann' } }],
            })),
          },
          headers,
        ),
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
  const wh = webhooksOf(svc, fx.apiKeyHeaders);
  await wh.enable(config);
  const ep = await wh.createEndpoint(endpoint);
  return { fx, wh, ep, secret: await wh.secret(ep.id) };
}

/** A Poster for a service in another process; its client presents the credentials given. */
export function remote(url: string, credentials: readonly Credentials[] = []): Poster {
  const { send, call } = createClient({
    baseUrl: url,
    credentials: sourceOf(credentials),
    name: 'test',
  });
  const poster: Poster = {
    send,
    call,
    async post(path, data, headers = {}) {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(data === undefined ? {} : { data }),
      });
      const body: unknown = await res.json();
      // The caller names the body type, as with the in-process service.
      return { status: res.status, body: body as never, headers: res.headers };
    },
  };
  return poster;
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

/** API-key headers of a new workspace on any service, local or remote. */
export async function apiKeyHeadersOn(
  svc: Poster,
  email: string,
): Promise<Record<(typeof credentialHeaderPairs.apiKey)[number], string>> {
  const { id, token } = await apiKeyCredentialsOn(svc, email);
  const [idHeader, tokenHeader] = credentialHeaderPairs.apiKey;
  return { [idHeader]: id, [tokenHeader]: token };
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

/** The endpoint calls of one API key, answering the raw reply so that errors can be checked. */
export function endpointApi(svc: Poster, headers: Record<string, string>) {
  const call = <T = AdvancedWebhookEndpoint>(path: string, data?: unknown) =>
    svc.post<Ok<T>>(path, data, headers);
  return {
    call,
    create: (data: unknown) => call(paths.create, data),
    update: (data: unknown) => call(paths.update, data),
    list: (data?: unknown) =>
      call<{
        endpoints: AdvancedWebhookEndpoint[];
        iterator: string | null;
        prevIterator: string | null;
        done: boolean;
      }>(paths.list, data),
  };
}
