import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

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

interface Envelope<T> {
  result?: { status: string; message: string; data: T };
  error?: { status: string; message: string };
}

export interface Answer<T> {
  httpStatus: number;
  message: string;
  data: T;
  error?: { status: string; message: string };
}

/** An address no other test uses, in any worker, on a domain the service accepts. */
export function uniqueEmail(name: string): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.com`;
}

export async function post<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await request.post(path, { data: { data }, headers });
  const body = (await response.json()) as Envelope<T>;
  return {
    httpStatus: response.status(),
    message: body.result?.message ?? body.error?.message ?? '',
    data: body.result?.data as T,
    ...(body.error ? { error: body.error } : {}),
  };
}

export function workspaceHeaders(workspace: { id: string; authToken: string }) {
  return { 'x-svc-workspace-id': workspace.id, 'x-svc-workspace-auth-token': workspace.authToken };
}

export async function createWorkspace(
  request: APIRequestContext,
  data: { ownerEmail: string; name?: string; workspaceName?: string },
): Promise<WorkspaceAnswer> {
  const answer = await post<WorkspaceAnswer>(request, '/v2/workspace/create', data);
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}

export async function getWorkspace(
  request: APIRequestContext,
  credentials: { id: string; authToken: string },
): Promise<WorkspaceAnswer> {
  const answer = await post<WorkspaceAnswer>(
    request,
    '/v2/workspace/get',
    {},
    workspaceHeaders(credentials),
  );
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}

export async function createApiKey(
  request: APIRequestContext,
  workspace: WorkspaceAnswer,
  data: { type: 'testing' | 'production'; apiKeyName?: string },
): Promise<string> {
  const answer = await post<{ apiKey: string }>(
    request,
    '/v2/workspace/apikey/create',
    data,
    workspaceHeaders(workspace),
  );
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data.apiKey;
}

export async function authToken(
  request: APIRequestContext,
  workspace: { id: string; authToken: string },
  apiKey: string,
): Promise<string> {
  const answer = await post<{ authTokens: { token: string }[] }>(
    request,
    '/v2/workspace/authtokens/get',
    { apiKey },
    workspaceHeaders(workspace),
  );
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
  const answer = await post(
    request,
    '/v2/workspace/apikeyconfig/get',
    {},
    { 'x-svc-api-key': apiKey, 'x-svc-auth-token': token },
  );
  return answer.httpStatus;
}

export async function emailStatus(request: APIRequestContext, ownerEmail: string) {
  return post<{ verified: boolean }>(request, '/v2/workspace/email/status', { ownerEmail });
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
 * Asks for a login link and completes it through the API: verifies the e-mail, and answers the
 * workspaces the service holds for it.
 */
export async function completeLoginThroughApi(
  request: APIRequestContext,
  email: string,
): Promise<WorkspaceAnswer[]> {
  const before = (await outbox(request, email)).length;
  const sent = await post(request, '/v2/workspace/email/send-login-link', {
    email,
    continueUrl: 'http://127.0.0.1/sign-in',
  });
  expect(sent.httpStatus, sent.message).toBe(200);
  const link = new URL(await loginLink(request, email, before + 1));
  const oobCode = link.searchParams.get('oobCode');
  const completed = await post<{ workspaces: WorkspaceAnswer[] }>(
    request,
    '/v2/workspace/email/complete-login',
    { oobCode },
  );
  expect(completed.httpStatus, completed.message).toBe(200);
  return completed.data.workspaces;
}
