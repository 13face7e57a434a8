import { BoundedCache } from '../../cache';
import { CredentialRefused, type SessionChecks, sessionMessages } from '../../http/auth';
import { ServiceError } from '../../http/service-error';
import {
  type SessionRow,
  findApiKeySession,
  findSession,
  findWorkspaceSession,
  idleCutoffMs,
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
 * the workspace it names in one statement (`rows/session-store.ts`); on PostgreSQL with no cache
 * across requests, so that a removed member or a changed role holds on the very next request in
 * every process (the embedded database has one process, whose write calls clear its cache).
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

  /**
   * The session when it still holds (not revoked, before its end, used within the idle time).
   * On the embedded database (one process writes it) the row is kept in memory until the next
   * write call commits (`Caches.sessions`); on PostgreSQL it is read on every request.
   */
  async function holding<T extends SessionRow>(
    token: string,
    ids: readonly string[],
    read: (hash: string) => Promise<T | undefined>,
  ): Promise<{ row: T; nowMs: number }> {
    const hash = hashOf(token);
    const cache = s.cache?.sessions;
    // Header values hold no line break: one between the parts keeps every key apart.
    const key = cache && hash !== undefined ? [hash, ...ids].join('\n') : undefined;
    let row = key === undefined ? undefined : (cache?.get(key) as T | undefined);
    if (row === undefined && hash !== undefined) {
      // A token of another form was never issued: refused before it costs a query.
      const mark = cache?.mark() ?? 0;
      row = await read(hash);
      if (row && key !== undefined) cache?.set(key, row, mark);
    }
    // One reading of the clock decides the whole check, in epoch milliseconds like the row.
    const nowMs = s.clock().getTime();
    if (
      !row ||
      row.revoked ||
      row.expiresMs <= nowMs ||
      row.lastSeenMs <= idleCutoffMs(nowMs, s.config.sessions.idleHours)
    ) {
      throw expired();
    }
    if (nowMs - row.lastSeenMs >= LAST_SEEN_STEP_MS) {
      const mark = cache?.mark() ?? 0;
      await touchSession(s.db, row.id, new Date(nowMs));
      row = { ...row, lastSeenMs: nowMs };
      if (key !== undefined) cache?.set(key, row, mark);
    }
    return { row, nowMs };
  }

  return {
    async person(token) {
      const { row } = await holding(token, [], (hash) => findSession(s.db, hash));
      return { email: row.email, sessionId: row.id };
    },
    async workspace(token, workspaceId) {
      const { row } = await holding(token, [workspaceId], (hash) =>
        findWorkspaceSession(s.db, hash, workspaceId),
      );
      if (row.role === null)
        throw new CredentialRefused('UNAUTHENTICATED', sessionMessages.notMember);
      return { workspaceId, person: { email: row.email, role: row.role, sessionId: row.id } };
    },
    async apiKey(token, workspaceId, apiKeyId) {
      const { row, nowMs } = await holding(token, [workspaceId, apiKeyId], (hash) =>
        findApiKeySession(s.db, hash, workspaceId, apiKeyId),
      );
      if (row.role === null)
        throw new CredentialRefused('UNAUTHENTICATED', sessionMessages.notMember);
      if (row.keyWorkspaceId !== workspaceId) {
        throw new CredentialRefused('PERMISSION_DENIED', 'Invalid API key.');
      }
      // A key suspended for its owner's unverified address is suspended for its members too.
      const graceMs = s.config.unverifiedKeyGraceDays * DAY_MS;
      if (!row.ownerVerified && row.ownerSinceMs !== null && nowMs - row.ownerSinceMs > graceMs) {
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
