import type { FastifyRequest } from 'fastify';
import type { AuthLevel } from '#contract/endpoint';
import type { Config } from '../config/config';
import { header, headers } from '../http/auth';
import type { RouteLimit } from './route-limit';

/** Ids are at most this long (docs/service.md, "Limits"); a longer one names no credential. */
const MAX_CREDENTIAL_ID = 128;

/** The workspace id or API key id a request presents at its endpoint's level. */
function credentialId(req: FastifyRequest, level: AuthLevel): string | undefined {
  const name =
    level === 'workspace' ? headers.workspaceId : level === 'apiKey' ? headers.apiKey : undefined;
  const id = name === undefined ? undefined : header(req, name);
  return id !== undefined && id.length <= MAX_CREDENTIAL_ID ? id : undefined;
}

/**
 * The limits on refused credentials (`CredentialRefused`) of an endpoint of `level`: every
 * authenticated endpoint, and Complete Login for its codes. Per client address, an address that
 * refused too often is refused before its credential is even read, whatever it presents: that
 * stops one caller guessing and never touches the owner calling from elsewhere. Per credential
 * id (workspace or API key, from any address), only the further failures are answered
 * RESOURCE_EXHAUSTED and the right token is still checked and admitted: an API key id ships in
 * client code, and strangers must not be able to lock its holder out.
 */
export function refusedCredentialLimits(
  rules: Config['rateLimits'],
  level: AuthLevel,
): RouteLimit[] {
  const byAddress: RouteLimit = {
    name: 'auth-failures',
    rule: rules.authFailuresAddress,
    counts: 'refused',
    key: (req) => req.ip,
  };
  if (level === 'public') return [byAddress];
  const byCredential: RouteLimit = {
    name: `auth-failures-${level}`,
    rule: rules.authFailuresCredential,
    counts: 'refused',
    lockout: false,
    key: (req) => credentialId(req, level),
  };
  return [byAddress, byCredential];
}
