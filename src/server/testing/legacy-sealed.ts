import { createCipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../crypto/key-ring';

/** A ciphertext as versions before key ids wrote it: `v1.<iv>.<tag>.<ciphertext>`. */
export function sealV1(master: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(master, 'svc/encryption/v1'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join(
    '.',
  );
}
