import type { Workspace } from '#contract/workspace';
import type { TestService } from './test-service';

let counter = 0;

/** A unique address per call, so that tests sharing one database never see each other's data. */
export function uniqueEmail(local = 'owner'): string {
  counter += 1;
  return `${local}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface WorkspaceFixture {
  workspace: Workspace;
  workspaceHeaders: Record<string, string>;
  apiKey: string;
  apiKeyHeaders: Record<string, string>;
}

export async function createWorkspaceFixture(
  svc: TestService,
  data: Record<string, unknown> = {},
): Promise<WorkspaceFixture> {
  const created = await svc.post<{ result: { data: Workspace } }>('/v2/workspace/create', {
    ownerEmail: uniqueEmail(),
    ...data,
  });
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const workspace = created.body.result.data;
  const workspaceHeaders = {
    'x-svc-workspace-id': workspace.id,
    'x-svc-workspace-auth-token': workspace.authToken,
  };
  const apiKey = Object.keys(workspace.apiKeyList)[0] ?? '';
  const tokens = await svc.post<{ result: { data: { authTokens: { token: string }[] } } }>(
    '/v2/workspace/authtokens/get',
    { apiKey },
    workspaceHeaders,
  );
  const token = tokens.body.result.data.authTokens[0]?.token ?? '';
  return {
    workspace,
    workspaceHeaders,
    apiKey,
    apiKeyHeaders: { 'x-svc-api-key': apiKey, 'x-svc-auth-token': token },
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
