import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import {
  getApiKeyConfig,
  getAuthTokens,
  createApiKey as createApiKeyEndpoint,
} from '#contract/api-keys';
import { createClient } from '#contract/client';
import { type Credentials, sourceOf } from '#contract/credentials';
import { type AnyEndpoint, type DataOf, isDryRun, unwrapSuccess } from '#contract/endpoint';
import { errorEnvelopeSchema } from '#contract/errors';
import {
  getWorkspace as getWorkspaceEndpoint,
  getEmailVerificationStatus,
  sendLoginLink,
} from '#contract/workspace';
import {
  type MemberWorkspace,
  completeLogin,
  createWorkspace as createWorkspaceEndpoint,
} from '#contract/workspace-access';

/** Calls and checks against the real service, to set up a flow and to see what it holds after. */

export interface ApiKey {
  apiKeyName: string;
  id: string;
  type: 'testing' | 'production';
}

export interface WorkspaceAnswer {
  id: string;
  name: string;
  authToken: string;
  owner: { email: string; id: string; name: string; avatar: string };
  apiKeyList: Record<string, ApiKey>;
}

export interface Answer<T> {
  httpStatus: number;
  message: string;
  data: T;
  /** The page-token field of envelope A, when the endpoint pages. */
  pageToken?: string | null;
  error?: { status: string; message: string };
}

/** The contract's client on the service under test, sending through Playwright's request. */
export function clientOf(request: APIRequestContext, credentials: readonly Credentials[] = []) {
  return createClient({
    // Relative paths: the request context resolves them against the project's baseURL.
    baseUrl: '',
    name: 'e2e',
    credentials: sourceOf(credentials),
    fetch: async (url, init) => {
      const response = await request.fetch(url, {
        method: init.method ?? 'POST',
        headers: init.headers as Record<string, string>,
        data: init.body as string,
      });
      const body = await response.body();
      return new Response(body.length > 0 ? new Uint8Array(body) : null, {
        status: response.status(),
        headers: response.headers(),
      });
    },
  });
}

/** An address no other test uses, in any worker, on a domain the service accepts. */
export function uniqueEmail(name: string): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Sends a well-formed call to an endpoint with the credentials its auth level accepts, and answers
 * the HTTP status with the unwrapped envelope, or the error envelope, for the test to check.
 */
export async function post<E extends AnyEndpoint>(
  request: APIRequestContext,
  endpoint: E,
  data: unknown,
  credentials: readonly Credentials[] = [],
): Promise<Answer<DataOf<E>>> {
  const { status, body } = await clientOf(request, credentials).send(endpoint, data);
  const failure = errorEnvelopeSchema.safeParse(body);
  if (failure.success) {
    const { error } = failure.data;
    return { httpStatus: status, message: error.message, data: undefined as DataOf<E>, error };
  }
  const answer = unwrapSuccess(endpoint, body, isDryRun(endpoint, data));
  return { ...answer, httpStatus: status, data: answer.data as DataOf<E> };
}

export function workspaceCredentials(workspace: { id: string; authToken: string }): Credentials[] {
  return [{ kind: 'workspace', id: workspace.id, token: workspace.authToken }];
}

export function apiKeyCredentials(apiKey: string, token: string): Credentials[] {
  return [{ kind: 'apiKey', id: apiKey, token }];
}

export async function createWorkspace(
  request: APIRequestContext,
  data: { ownerEmail: string; name?: string; workspaceName?: string },
): Promise<WorkspaceAnswer> {
  const answer = await post(request, createWorkspaceEndpoint, data);
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}

export async function getWorkspace(
  request: APIRequestContext,
  credentials: { id: string; authToken: string },
): Promise<WorkspaceAnswer> {
  const answer = await post(request, getWorkspaceEndpoint, {}, workspaceCredentials(credentials));
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}

export async function createApiKey(
  request: APIRequestContext,
  workspace: WorkspaceAnswer,
  data: { type: 'testing' | 'production'; apiKeyName?: string },
): Promise<string> {
  const answer = await post(request, createApiKeyEndpoint, data, workspaceCredentials(workspace));
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data.apiKey;
}

export async function authToken(
  request: APIRequestContext,
  workspace: { id: string; authToken: string },
  apiKey: string,
): Promise<string> {
  const answer = await post(request, getAuthTokens, { apiKey }, workspaceCredentials(workspace));
  expect(answer.httpStatus, answer.message).toBe(200);
  const token = answer.data.authTokens[0]?.token;
  if (!token) throw new Error(`the API key ${apiKey} has no auth token`);
  return token;
}

/** The HTTP status an API-key endpoint answers to these credentials (200, or 401 when refused). */
export async function apiKeyStatus(
  request: APIRequestContext,
  apiKey: string,
  token: string,
): Promise<number> {
  const answer = await post(request, getApiKeyConfig, {}, apiKeyCredentials(apiKey, token));
  return answer.httpStatus;
}

export async function emailStatus(request: APIRequestContext, ownerEmail: string) {
  return post(request, getEmailVerificationStatus, { ownerEmail });
}

interface OutboxMessage {
  to: string;
  subject: string;
  link?: string;
  sentAt: string;
}

export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get('/dev/outbox');
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.filter((message) => message.to === to.toLowerCase());
}

/** The newest login link mailed to the address, once at least `count` have been sent to it. */
export async function loginLink(request: APIRequestContext, to: string, count = 1) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = await outbox(request, to);
      link = messages[0]?.link;
      return messages.length;
    })
    .toBeGreaterThanOrEqual(count);
  if (!link) throw new Error(`the newest message to ${to} has no link`);
  return link;
}

/**
 * Asks for a login link and completes it through the API: verifies the e-mail, joins the
 * workspaces that invited it, and answers the person's workspaces with their role in each. The
 * session's cookie stays in the request context's cookie jar (token headers, when a call has
 * them, decide over it).
 */
export async function completeLoginThroughApi(
  request: APIRequestContext,
  email: string,
): Promise<MemberWorkspace[]> {
  const before = (await outbox(request, email)).length;
  const sent = await post(request, sendLoginLink, {
    email,
    continueUrl: 'http://127.0.0.1/sign-in',
  });
  expect(sent.httpStatus, sent.message).toBe(200);
  const link = new URL(await loginLink(request, email, before + 1));
  const oobCode = link.searchParams.get('oobCode');
  const completed = await post(request, completeLogin, { oobCode });
  expect(completed.httpStatus, completed.message).toBe(200);
  return completed.data.workspaces;
}
