import {
  type KeyObject,
  constants,
  createDecipheriv,
  generateKeyPairSync,
  privateDecrypt,
} from 'node:crypto';

/** A receiver's key pair, the public half as the console takes it (base64 of the DER, no PEM). */
export function receiverKeys(): { publicKey: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey,
  };
}

/**
 * Opens an encrypted webhook payload as the hosted docs' receiver does: RSA-OAEP (SHA-256) for
 * the key, AES-256-CBC for the data. Answers the plain JSON text.
 */
export function openSealed(sealed: Record<string, string>, privateKey: KeyObject): string {
  const key = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(sealed.encryptedKey ?? '', 'base64'),
  );
  const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(sealed.iv ?? '', 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.encryptedData ?? '', 'base64')),
    decipher.final(),
  ]).toString();
}
