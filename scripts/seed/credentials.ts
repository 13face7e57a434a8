import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { getAuthTokens } from '#contract/api-keys';
import { getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { CallError } from '#contract/client-call';
import type { Call, Credentials } from './client';

export interface WorkspaceAccess {
  credentials: Required<Pick<Credentials, 'apiKey' | 'authToken'>> & Credentials;
  /** The owner's e-mail, when the workspace is known (not with bare API-key flags). */
  email: string | undefined;
  created: boolean;
}

type Saved = Record<string, { workspaceId: string; workspaceToken: string }>;

/**
 * Where the seed remembers the workspaces it created: beside the service's own data, in DATA_DIR
 * as the service reads it (`./.data` when unset), so that tokens do not land in a second place.
 */
export function defaultCredentialsFile(env: Record<string, string | undefined>): string {
  return join(resolve(env.DATA_DIR || '.data'), 'seed-workspaces.json');
}

function readSaved(file: string): Saved {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Saved;
}

/** Tokens are secrets: the file is readable by its owner only. */
function save(file: string, key: string, entry: Saved[string]): void {
  const saved = { ...readSaved(file), [key]: entry };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * The API key to seed through: given as flags; or the first key of a workspace given as flags,
 * or remembered in `file` from an earlier run against the same server and e-mail; or of a new
 * workspace created for the e-mail (and remembered).
 */
export async function workspaceAccess(
  call: Call,
  current: Credentials,
  options: { baseUrl: string; email: string; file: string },
): Promise<WorkspaceAccess> {
  if (current.apiKey && current.authToken) {
    return {
      credentials: { ...current, apiKey: current.apiKey, authToken: current.authToken },
      email: undefined,
      created: false,
    };
  }
  const key = `${options.baseUrl} ${options.email.toLowerCase()}`;
  let created = false;
  if (!current.workspaceId || !current.workspaceToken) {
    const known = readSaved(options.file)[key];
    if (known) {
      Object.assign(current, known);
    } else {
      const workspace = await createDemoWorkspace(call, options);
      Object.assign(current, { workspaceId: workspace.id, workspaceToken: workspace.authToken });
      save(options.file, key, { workspaceId: workspace.id, workspaceToken: workspace.authToken });
      created = true;
    }
  }
  const workspace = (await call(getWorkspace, {})).data;
  const apiKey = Object.keys(workspace.apiKeyList)[0];
  if (!apiKey) throw new Error(`Workspace ${workspace.id} has no API key to seed through.`);
  const token = (await call(getAuthTokens, { apiKey })).data.authTokens[0]?.token;
  if (!token) throw new Error(`API key ${apiKey} has no auth token.`);
  Object.assign(current, { apiKey, authToken: token });
  return {
    credentials: { ...current, apiKey, authToken: token },
    email: workspace.owner.email,
    created,
  };
}

async function createDemoWorkspace(call: Call, options: { email: string; file: string }) {
  try {
    return (
      await call(createWorkspace, {
        ownerEmail: options.email,
        name: 'Demo Admin',
        workspaceName: 'Demo workspace',
      })
    ).data;
  } catch (error) {
    if (
      error instanceof CallError &&
      ['ALREADY_EXISTS', 'PERMISSION_DENIED'].includes(error.status)
    ) {
      throw new Error(
        `${options.email} has a workspace on this server already, but its credentials are not in ${options.file}. ` +
          'Pass --workspace-id and --workspace-token (the console shows both), or --email with another address.',
      );
    }
    throw error;
  }
}
