import {
  type KeyObject,
  constants,
  createCipheriv,
  createHmac,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';

export interface PayloadProtection {
  encodeData: boolean;
  /** The receiver's RSA key when encryptData is on. */
  encryptFor: KeyObject | undefined;
}

/**
 * AES-256-CBC under a fresh key and IV per attempt; the key travels encrypted with RSA-OAEP
 * (SHA-256) under the receiver's public key. All three fields are base64.
 */
function encrypt(json: string, publicKey: KeyObject): string {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encryptedData = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  const encryptedKey = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    key,
  );
  return JSON.stringify({
    encryptedData: encryptedData.toString('base64'),
    encryptedKey: encryptedKey.toString('base64'),
    iv: iv.toString('base64'),
  });
}

/**
 * The body of one attempt: the payload JSON as is, `{ encodedPayload }` with encodeData, or
 * `{ encryptedData, encryptedKey, iv }` with encryptData (which wins when both are on: the
 * ciphertext is already base64).
 */
export function deliveryBody(payloadJson: string, protection: PayloadProtection): string {
  if (protection.encryptFor) return encrypt(payloadJson, protection.encryptFor);
  if (protection.encodeData) {
    return JSON.stringify({ encodedPayload: Buffer.from(payloadJson).toString('base64') });
  }
  return payloadJson;
}

/**
 * `webhook-signature` of Standard Webhooks: `v1,<base64 HMAC-SHA256>` per key, space-separated,
 * over `${id}.${timestamp}.${body}`. Two keys while a rotated-out secret is still honoured.
 */
export function signatureHeader(
  messageId: string,
  timestampSeconds: number,
  body: string,
  keys: readonly Buffer[],
): string {
  const signed = `${messageId}.${timestampSeconds}.${body}`;
  return keys
    .map((key) => `v1,${createHmac('sha256', key).update(signed).digest('base64')}`)
    .join(' ');
}
