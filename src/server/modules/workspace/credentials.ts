import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { driverStatement } from '../../db/prepared';
import { workspaces } from '../../db/schema/schema';
import { type ApiKeyCredential, BoundedCache, type WorkspaceCredential } from '../../cache';
import { carry, checkingReads } from '../../db/read-check';
import { CredentialRefused, type TokenChecks } from '../../http/auth';
import { ServiceError } from '../../http/service-error';
import type { Services } from '../../services';

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Why a key stopped working although key and token are right, and how to bring it back. */
export function keyExpiredMessage(graceDays: number): string {
  return `This API key is suspended: the workspace owner's e-mail address was not verified within ${graceDays} days. Open the login link sent to that address (Send Login Link), then call Get Email Verification Status.`;
}

/**
 * The credential of an API key, read on every API-key call: a named statement (planned once per
 * connection), without assembling its SQL each time.
 */
const apiKeyCredentialText = `select k.auth_token_hash as hash, k.workspace_id as "workspaceId",
     o.created_at as "ownerSince", o.verified_at as "verifiedAt"
   from api_keys k
   join workspaces w on w.id = k.workspace_id
   join owners o on o.email = w.owner_email
   where k.id = $1
   limit 1`;
const apiKeyCredential = driverStatement<ApiKeyCredential>(apiKeyCredentialText);

/** A workspace token's hash, as the check of a remembered one reads it. */
const workspaceHashText = `select auth_token_hash as hash from workspaces where id = $1`;

const timeOf = (value: Date | string | null | undefined): number | null =>
  value === null || value === undefined ? null : new Date(value).getTime();

/** Whether a key's credential read now is the one remembered: the same decision follows. */
function sameKeyCredential(row: unknown, kept: ApiKeyCredential): boolean {
  const now = row as Partial<Record<keyof ApiKeyCredential, unknown>> | undefined;
  return (
    now !== undefined &&
    now.hash === kept.hash &&
    now.workspaceId === kept.workspaceId &&
    timeOf(now.ownerSince as Date) === timeOf(kept.ownerSince) &&
    timeOf(now.verifiedAt as Date | null) === timeOf(kept.verifiedAt)
  );
}

/**
 * Checks of the two credential pairs, by keyed hash; a reset token stops matching at once. A
 * credential admitted lately is kept in memory (`Services.credentialCache`); on PostgreSQL a read
 * admitted on it sends its statement in the read's own round trip and runs again, reading it
 * first, when the answer differs (`db/read-check.ts`).
 */
export function credentialChecks(s: Services): TokenChecks {
  // The keyed hash of each well-formed API-key token seen lately, by token: checking a token's
  // signature and hashing it were two HMACs per call, a visible share of a write. Still compared
  // with the stored hash on every call, so a reset token is refused at once. In memory only.
  const tokenHashes = new BoundedCache<string>(10_000);
  const apiKeyTokenHash = (token: string): string | undefined => {
    const known = tokenHashes.get(token);
    if (known !== undefined || !s.secrets.isWellFormedToken(token)) return known;
    const hash = s.secrets.lookupHash(token);
    tokenHashes.set(token, hash);
    return hash;
  };

  const cache = s.credentialCache;

  /** Whether a token matches a workspace's remembered credential. */
  const matchesWorkspace = (kept: WorkspaceCredential, token: string) =>
    // The token this process last accepted is compared as it is, which spares the keyed hash
    // on every read; a reset evicts the entry, so an old token never matches.
    (kept.accepted !== undefined && sameHash(kept.accepted, token)) ||
    (s.secrets.isWellFormedToken(token) && sameHash(kept.hash, s.secrets.lookupHash(token)));

  /** The API key's call as its credential admits it, or the refusal. */
  const admitKey = (apiKeyId: string, row: ApiKeyCredential, token: string) => {
    const tokenHash = apiKeyTokenHash(token);
    if (tokenHash === undefined || !sameHash(row.hash, tokenHash)) {
      throw new CredentialRefused('UNAUTHENTICATED', 'Invalid auth token.');
    }
    const graceMs = s.config.unverifiedKeyGraceDays * 24 * 60 * 60 * 1000;
    if (!row.verifiedAt && s.clock().getTime() - row.ownerSince.getTime() > graceMs) {
      throw new ServiceError(
        'PERMISSION_DENIED',
        keyExpiredMessage(s.config.unverifiedKeyGraceDays),
      );
    }
    return { workspaceId: row.workspaceId, apiKeyId };
  };

  // A credential in memory is decided without a promise: the read path of every request.
  return {
    workspace(workspaceId, token) {
      const kept = cache.workspaceToken.get(workspaceId);
      if (kept !== undefined && cache.checked) {
        // Admitted on what is remembered only with its check in the read's round trip; a
        // token it would refuse is decided by the database.
        if (checkingReads() && matchesWorkspace(kept, token)) {
          carry({
            text: workspaceHashText,
            params: [workspaceId],
            holds: (rows) => (rows[0] as { hash?: unknown } | undefined)?.hash === kept.hash,
            forget: () => cache.workspaceToken.delete(workspaceId),
          });
          cache.workspaceToken.set(workspaceId, { hash: kept.hash, accepted: token });
          return { workspaceId };
        }
      } else if (kept?.accepted !== undefined && sameHash(kept.accepted, token)) {
        return { workspaceId };
      }
      return checkWorkspaceToken(workspaceId, token, cache.checked ? undefined : kept?.hash);
    },
    apiKey(apiKeyId, token) {
      const kept = cache.apiKeyCredential.get(apiKeyId);
      if (kept !== undefined && cache.checked) {
        if (checkingReads()) {
          let admitted: ReturnType<typeof admitKey> | undefined;
          try {
            admitted = admitKey(apiKeyId, kept, token);
          } catch {
            // Refused on what is remembered: the database decides (below).
          }
          if (admitted) {
            carry({
              text: apiKeyCredentialText,
              params: [apiKeyId],
              holds: (rows) => sameKeyCredential(rows[0], kept),
              forget: () => cache.apiKeyCredential.delete(apiKeyId),
            });
            return admitted;
          }
        }
      }
      const known = cache.checked ? undefined : kept;
      if (known === undefined) return readAndAdmitKey(apiKeyId, token);
      cache.apiKeyCredential.set(apiKeyId, known);
      return admitKey(apiKeyId, known, token);
    },
  };

  /** A workspace token checked against `known` (the remembered hash), else the stored one. */
  async function checkWorkspaceToken(
    workspaceId: string,
    token: string,
    known: string | undefined,
  ): Promise<{ workspaceId: string }> {
    let hash = known;
    if (hash === undefined) {
      // A forged token is refused before it costs a database query.
      if (!s.secrets.isWellFormedToken(token)) {
        throw new CredentialRefused('UNAUTHENTICATED', 'Invalid auth token for workspace.');
      }
      const [row] = await s.db
        .select({ hash: workspaces.authTokenHash })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
        .limit(1);
      if (!row) throw new CredentialRefused('NOT_FOUND', 'Workspace not found.');
      hash = row.hash;
    }
    if (!sameHash(hash, s.secrets.lookupHash(token))) {
      throw new CredentialRefused('UNAUTHENTICATED', 'Invalid auth token for workspace.');
    }
    cache.workspaceToken.set(workspaceId, { hash, accepted: token });
    return { workspaceId };
  }

  async function readAndAdmitKey(apiKeyId: string, token: string) {
    const row = await readApiKeyCredential(apiKeyId);
    if (!row) throw new CredentialRefused('PERMISSION_DENIED', 'Invalid API key.');
    cache.apiKeyCredential.set(apiKeyId, row);
    return admitKey(apiKeyId, row, token);
  }

  async function readApiKeyCredential(apiKeyId: string): Promise<ApiKeyCredential | undefined> {
    // Through the modules' view of the database: in a write call, the read joins the call's
    // transaction and travels in one packet with its BEGIN.
    const [row] = await apiKeyCredential(s.db, [apiKeyId]);
    return row && { ...row, ownerSince: new Date(row.ownerSince) };
  }
}
