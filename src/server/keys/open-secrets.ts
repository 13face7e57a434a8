import { sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';
import { KeyRing, opensLegacy } from '../crypto/key-ring';
import type { MasterKeys } from '../crypto/master-key';
import { Secrets, type StableKeys, derivedStableKeys } from '../crypto/secrets';
import { sealedColumns } from './sealed-columns';
import { firstForeignSealed } from './sealed-store';

/** The configured master keys cannot open what the database holds: the service must not start. */
export class MasterKeyError extends Error {
  override name = 'MasterKeyError';
}

const STABLE = 'stable';

const advice =
  'start with that key in SVC_PREVIOUS_MASTER_KEYS (or master.key.previous beside a generated key) until the key rotation reports that it has finished';

/**
 * Refuses to go on when a secret in the database is sealed under a master key this process does
 * not hold, so that a process started with the new key alone while old ciphertexts remain fails
 * here, naming the column and the key, and not at the first request that opens one. Answers the
 * master key that sealed the `v1` ciphertexts (written before keys had ids), if any.
 */
async function checkSealedKeys(
  db: Db,
  keys: MasterKeys,
  ring: KeyRing,
): Promise<Buffer | undefined> {
  const masters = [keys.primary, ...keys.previous];
  let legacyMaster: Buffer | undefined;
  for (const col of sealedColumns) {
    const { foreign, legacy } = await firstForeignSealed(db, col, ring);
    if (foreign !== undefined) {
      const id = foreign.split('.')[1] ?? '?';
      throw new MasterKeyError(
        `${col.name} holds secrets sealed under master key ${id}, which is not configured: ${advice}.`,
      );
    }
    if (legacy === undefined) continue;
    const master = masters.find((key) => opensLegacy(legacy, key));
    if (!master) {
      throw new MasterKeyError(
        `${col.name} holds secrets sealed under a master key that is not configured: ${advice}.`,
      );
    }
    legacyMaster ??= master;
  }
  return legacyMaster;
}

/**
 * The keys of keyed hashes and signatures, sealed in `service_keys`. The first start of an
 * install writes them: derived, as every earlier version did, from the master key that sealed
 * the existing secrets (so stored hashes and issued tokens keep working), or from the primary
 * key on a new install. Processes starting at once write the same keys; one row wins.
 */
async function stableKeys(db: Db, ring: KeyRing, first: Buffer): Promise<StableKeys> {
  const derived = derivedStableKeys(first);
  const sealed = ring.encrypt(
    JSON.stringify({
      hashKey: derived.hashKey.toString('base64'),
      signKey: derived.signKey.toString('base64'),
    }),
  );
  await db.execute(sql`
    insert into service_keys (name, sealed, created_at)
    values (${STABLE}, ${sealed}, now())
    on conflict (name) do nothing`);
  const [row] = await rowsOf<{ sealed: string }>(
    db,
    sql`select sealed from service_keys where name = ${STABLE}`,
  );
  if (!row) throw new Error('service_keys lost its stable keys');
  const keys = JSON.parse(ring.decrypt(row.sealed)) as { hashKey: string; signKey: string };
  return {
    hashKey: Buffer.from(keys.hashKey, 'base64'),
    signKey: Buffer.from(keys.signKey, 'base64'),
  };
}

/**
 * The service's secrets over the database's sealed keys, once the configured keys fit them;
 * `legacy`: `v1` ciphertexts remain, which the rotation job seals again as `v2`.
 */
export async function openSecrets(
  db: Db,
  keys: MasterKeys,
): Promise<{ secrets: Secrets; legacy: boolean }> {
  const ring = new KeyRing(keys.primary, keys.previous);
  const legacyMaster = await checkSealedKeys(db, keys, ring);
  const stable = await stableKeys(db, ring, legacyMaster ?? keys.primary);
  return { secrets: new Secrets(ring, stable), legacy: legacyMaster !== undefined };
}
