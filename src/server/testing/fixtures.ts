import type { Client } from '#contract/client';
import { getAuthTokens } from '#contract/api-keys';
import type { ApiKeyCredentials, WorkspaceCredentials } from '#contract/credentials';
import { type Workspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import type { TestService } from './test-service';

let counter = 0;

/** A unique address per call, so that tests sharing one database never see each other's data. */
export function uniqueEmail(local = 'owner'): string {
  counter += 1;
  return `${local}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface WorkspaceFixture {
  workspace: Workspace;
  /** The id of the workspace's first API key. */
  apiKey: string;
  credentials: { workspace: WorkspaceCredentials; apiKey: ApiKeyCredentials };
  /** The contract's client presenting the workspace's and its first key's credentials. */
  client: Client;
  send: Client['send'];
  call: Client['call'];
}

export async function createWorkspaceFixture(
  svc: TestService,
  data: Record<string, unknown> = {},
): Promise<WorkspaceFixture> {
  const { data: workspace } = await svc.call(createWorkspace, {
    ownerEmail: uniqueEmail(),
    ...data,
  });
  const workspaceCredentials: WorkspaceCredentials = {
    kind: 'workspace',
    id: workspace.id,
    token: workspace.authToken,
  };
  const apiKey = Object.keys(workspace.apiKeyList)[0] ?? '';
  const tokens = await svc.call(getAuthTokens, { apiKey }, { credentials: workspaceCredentials });
  const apiKeyCredentials: ApiKeyCredentials = {
    kind: 'apiKey',
    id: apiKey,
    token: tokens.data.authTokens[0]?.token ?? '',
  };
  const client = svc.client([workspaceCredentials, apiKeyCredentials]);
  return {
    workspace,
    apiKey,
    credentials: { workspace: workspaceCredentials, apiKey: apiKeyCredentials },
    client,
    send: client.send,
    call: client.call,
  };
}

/**
 * The env of a test service whose rate limits are on, with the per-address limits that its
 * fixtures meet (all from one address) out of the way of the limits under test.
 */
export function limitsOn(env: Record<string, string> = {}): Record<string, string> {
  return {
    RATE_LIMITS: 'on',
    RATE_LIMIT_CREATE_WORKSPACE_MAX: '1000',
    RATE_LIMIT_SEND_LOGIN_LINK_MAX: '1000',
    ...env,
  };
}
