import type { FastifyRequest } from 'fastify';
import { credentialHeaders } from '#contract/credentials';
import type { AuthLevel } from '#contract/endpoint';
import { ServiceError } from './service-error';

/**
 * A credential that does not hold: an unknown workspace or API key, a wrong or replaced token, a
 * wrong, used or expired login code. Counted against the caller's address and the credential id
 * (`credential-limits.ts`), unlike a missing header or a right credential that is suspended.
 */
export class CredentialRefused extends ServiceError {}

export interface AuthContexts {
  public: Record<string, never>;
  workspace: { workspaceId: string };
  apiKey: { workspaceId: string; apiKeyId: string };
}

/** Checks presented credentials against storage; provided by the modules that own them. */
export interface CredentialChecks {
  workspace(workspaceId: string, token: string): Promise<AuthContexts['workspace']>;
  apiKey(apiKeyId: string, token: string): Promise<AuthContexts['apiKey']>;
}

export const headers = credentialHeaders;

export function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : undefined;
}

function required(req: FastifyRequest, name: string, message: string): string {
  const value = header(req, name);
  if (!value) throw new ServiceError('INVALID_ARGUMENT', message);
  return value;
}

export async function authenticate<L extends AuthLevel>(
  level: L,
  req: FastifyRequest,
  checks: CredentialChecks,
): Promise<AuthContexts[L]> {
  if (level === 'workspace') {
    const id = required(req, headers.workspaceId, 'Workspace ID not found in headers.');
    const token = required(req, headers.workspaceToken, 'Auth Token not found in headers.');
    return (await checks.workspace(id, token)) as AuthContexts[L];
  }
  if (level === 'apiKey') {
    const key = required(req, headers.apiKey, 'API key not found in headers.');
    const token = required(req, headers.apiKeyToken, 'Auth Token not found in headers.');
    return (await checks.apiKey(key, token)) as AuthContexts[L];
  }
  return {} as AuthContexts[L];
}
