import { BoundedCache } from '../../cache';
import { CredentialRefused, type SessionChecks, sessionMessages } from '../../http/auth';
import { ServiceError } from '../../http/service-error';
import type { Role } from '#contract/roles';
import { carry, checkingReads } from '../../db/read-check';
import {
  type SessionRead,
  type SessionRow,
  type WorkspaceSessionRow,
  apiKeySessionRead,
  idleCutoffMs,
  personSessionRead,
  touchSession,
  workspaceSessionRead,
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
 * the workspace it names in one statement (`rows/session-store.ts`). The row is kept in memory
 * (`Services.credentialCache.sessions`): on the embedded database until the next write call
 * commits; on PostgreSQL a read admitted on it sends the statement in the read's own round trip
 * and runs again, reading it first, when the answer differs (`db/read-check.ts`), so that a
 * removed member or a changed role holds on the very next request in every process.
 */
export function sessionChecks(s: Services): SessionChecks {
  // The keyed hash of each well-formed token seen lately, as for API-key tokens: one HMAC less
  // per request.
  const hashes = new BoundedCache<string>(10_000);
  const hashOf = (token: string): string | undefined => {
    const known = hashes.get(token);
    if (known !== undefined || !isSessionToken(token)) return known;
    const hash = s.secrets.lookupHash(token);
    hashes.set(token, hash);
    return hash;
  };
  const expired = () => new CredentialRefused('UNAUTHENTICATED', sessionMessages.expired);
  const cache = s.credentialCache;

  /** The session when it still holds (not revoked, before its end, used within the idle time). */
  const holds = (row: SessionRow | undefined, nowMs: number): row is SessionRow =>
    row !== undefined &&
    !row.revoked &&
    row.expiresMs > nowMs &&
    row.lastSeenMs > idleCutoffMs(nowMs, s.config.sessions.idleHours);

  /**
   * What the request is admitted as, from its session's row (`admit` refuses or answers), reading
   * the row or taking it from memory, and moving the session's last use on when a step passed.
   */
  async function admitted<T extends SessionRow, A>(
    token: string,
    ids: readonly string[],
    read: SessionRead<T>,
    admit: (row: T, nowMs: number) => A,
  ): Promise<A> {
    const hash = hashOf(token);
    // A token of another form was never issued: refused before it costs a query.
    if (hash === undefined) throw expired();
    const params = [hash, ...ids];
    // Header values hold no line break: one between the parts keeps every key apart.
    const key = params.join('\n');
    const kept = cache.sessions.get(key) as T | undefined;
    // One reading of the clock decides the whole check, in epoch milliseconds like the row.
    const nowMs = s.clock().getTime();
    if (kept !== undefined && cache.checked && checkingReads()) {
      // Admitted on what is remembered only with its check in the read's round trip; a session
      // it would refuse, or whose last use is due to move on, is decided by the database.
      if (holds(kept, nowMs) && nowMs - kept.lastSeenMs < LAST_SEEN_STEP_MS) {
        let answer: { admitted: A } | undefined;
        try {
          answer = { admitted: admit(kept, nowMs) };
        } catch {
          // Refused on what is remembered: the database decides (below).
        }
        if (answer) {
          carry({
            text: read.text,
            params,
            holds: (rows) => sameSession(rows[0], kept),
            forget: () => cache.sessions.delete(key),
          });
          return answer.admitted;
        }
      }
    }
    let row = cache.checked ? undefined : kept;
    if (row === undefined) {
      const mark = cache.sessions.mark();
      [row] = await read.run(s.db, params);
      if (row) cache.sessions.set(key, row, mark);
    }
    if (!holds(row, nowMs)) throw expired();
    if (nowMs - row.lastSeenMs >= LAST_SEEN_STEP_MS) {
      const mark = cache.sessions.mark();
      await touchSession(s.db, row.id, new Date(nowMs));
      row = { ...row, lastSeenMs: nowMs };
      cache.sessions.set(key, row, mark);
    }
    return admit(row, nowMs);
  }

  const member = (row: WorkspaceSessionRow): Role => {
    if (row.role === null)
      throw new CredentialRefused('UNAUTHENTICATED', sessionMessages.notMember);
    return row.role;
  };

  return {
    person(token) {
      return admitted(token, [], personSessionRead, (row) => ({
        email: row.email,
        sessionId: row.id,
      }));
    },
    workspace(token, workspaceId) {
      return admitted(token, [workspaceId], workspaceSessionRead, (row) => ({
        workspaceId,
        person: { email: row.email, role: member(row), sessionId: row.id },
      }));
    },
    apiKey(token, workspaceId, apiKeyId) {
      return admitted(token, [workspaceId, apiKeyId], apiKeySessionRead, (row, nowMs) => {
        const role = member(row);
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
        return { workspaceId, apiKeyId, person: { email: row.email, role, sessionId: row.id } };
      });
    },
  };
}

/**
 * Whether a session's row read now admits as the remembered one did: the same in everything but
 * its last use (which other processes move on; the remembered one is the older, and was held).
 */
function sameSession(row: unknown, kept: SessionRow): boolean {
  if (row === undefined || row === null) return false;
  const now = row as Record<string, unknown>;
  const was = kept as unknown as Record<string, unknown>;
  return Object.keys(was).every(
    (field) => field === 'lastSeenMs' || Object.is(now[field], was[field]),
  );
}
