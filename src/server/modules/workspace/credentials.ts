import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { namedStatement } from '../../db/prepared';
import { workspaces } from '../../db/schema/schema';
import { type ApiKeyCredential, BoundedCache } from '../../cache';
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
const apiKeyCredential = namedStatement<ApiKeyCredential>(
  `select k.auth_token_hash as hash, k.workspace_id as "workspaceId",
     o.created_at as "ownerSince", o.verified_at as "verifiedAt"
   from api_keys k
   join workspaces w on w.id = k.workspace_id
   join owners o on o.email = w.owner_email
   where k.id = $1
   limit 1`,
);

/** Checks of the two credential pairs, by keyed hash; a reset token stops matching at once. */
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

  return {
    async workspace(workspaceId, token) {
      const cached = s.cache?.workspaceToken.get(workspaceId);
      // The token this process last accepted for the workspace is compared as it is, which spares
      // the keyed hash on every read; a reset evicts the entry, so an old token never matches.
      if (cached?.accepted !== undefined && sameHash(cached.accepted, token)) {
        return { workspaceId };
      }
      let hash = cached?.hash;
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
      s.cache?.workspaceToken.set(workspaceId, { hash, accepted: token });
      return { workspaceId };
    },
    async apiKey(apiKeyId, token) {
      const row = s.cache?.apiKeyCredential.get(apiKeyId) ?? (await readApiKeyCredential(apiKeyId));
      if (!row) throw new CredentialRefused('PERMISSION_DENIED', 'Invalid API key.');
      s.cache?.apiKeyCredential.set(apiKeyId, row);
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
    },
  };

  async function readApiKeyCredential(apiKeyId: string): Promise<ApiKeyCredential | undefined> {
    // Through the modules' view of the database: in a write call, the read joins the call's
    // transaction and travels in one packet with its BEGIN.
    const [row] = await apiKeyCredential(s.db, [apiKeyId]);
    return row && { ...row, ownerSince: new Date(row.ownerSince) };
  }
}
