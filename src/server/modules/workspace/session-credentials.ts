import { BoundedCache } from '../../cache';
import { CredentialRefused, type SessionChecks, sessionMessages } from '../../http/auth';
import { ServiceError } from '../../http/service-error';
import {
  type SessionRow,
  findApiKeySession,
  findSession,
  findWorkspaceSession,
  idleCutoff,
  touchSession,
} from '../../rows/session-store';
import { isSessionToken } from '../../crypto/session-token';
import type { Services } from '../../services';
import { keyExpiredMessage } from './credentials';

/**
 * How often a session's last use is written: the idle timeout counts from it, and a minute more
 * or less of idleness is worth one write a minute per session instead of one per request.
 */
export const LAST_SEEN_STEP_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The checks of a session cookie. Each request reads its session and the person's member row in
 * the workspace it names in one statement (`rows/session-store.ts`), with no cache across
 * requests: a removed member or a changed role holds on the very next request, in every process.
 */
export function sessionChecks(s: Services): SessionChecks {
  // The keyed hash of each well-formed token seen lately, as for API-key tokens: one HMAC less
  // per request. The row is still read every time.
  const hashes = new BoundedCache<string>(10_000);
  const hashOf = (token: string): string | undefined => {
    const known = hashes.get(token);
    if (known !== undefined || !isSessionToken(token)) return known;
    const hash = s.secrets.lookupHash(token);
    hashes.set(token, hash);
    return hash;
  };
  const expired = () => new CredentialRefused('UNAUTHENTICATED', sessionMessages.expired);

  /** The session when it still holds (not revoked, before its end, used within the idle time). */
  async function holding<T extends SessionRow>(
    token: string,
    read: (hash: string) => Promise<T | undefined>,
  ): Promise<T> {
    const hash = hashOf(token);
    // A token of another form was never issued: refused before it costs a query.
    const row = hash === undefined ? undefined : await read(hash);
    const now = s.clock();
    if (
      !row ||
      row.revokedAt !== null ||
      row.expiresAt.getTime() <= now.getTime() ||
      row.lastSeenAt.getTime() <= idleCutoff(now, s.config.sessions.idleHours).getTime()
    ) {
      throw expired();
    }
    if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
      await touchSession(s.db, row.id, now);
    }
    return row;
  }

  return {
    async person(token) {
      const row = await holding(token, (hash) => findSession(s.db, hash));
      return { email: row.email, sessionId: row.id };
    },
    async workspace(token, workspaceId) {
      const row = await holding(token, (hash) => findWorkspaceSession(s.db, hash, workspaceId));
      if (row.role === null)
        throw new CredentialRefused('UNAUTHENTICATED', sessionMessages.notMember);
      return { workspaceId, person: { email: row.email, role: row.role, sessionId: row.id } };
    },
    async apiKey(token, workspaceId, apiKeyId) {
      const row = await holding(token, (hash) =>
        findApiKeySession(s.db, hash, workspaceId, apiKeyId),
      );
      if (row.role === null)
        throw new CredentialRefused('UNAUTHENTICATED', sessionMessages.notMember);
      if (row.keyWorkspaceId !== workspaceId) {
        throw new CredentialRefused('PERMISSION_DENIED', 'Invalid API key.');
      }
      // A key suspended for its owner's unverified address is suspended for its members too.
      const graceMs = s.config.unverifiedKeyGraceDays * DAY_MS;
      if (
        !row.verifiedAt &&
        row.ownerSince &&
        s.clock().getTime() - row.ownerSince.getTime() > graceMs
      ) {
        throw new ServiceError(
          'PERMISSION_DENIED',
          keyExpiredMessage(s.config.unverifiedKeyGraceDays),
        );
      }
      return {
        workspaceId,
        apiKeyId,
        person: { email: row.email, role: row.role, sessionId: row.id },
      };
    },
  };
}
