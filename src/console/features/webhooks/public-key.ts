/**
 * Checks in the browser what the service checks before it stores `publicKey`: an RSA public key
 * of 2048 bits or more, as PEM or as the base64 body of an SPKI or PKCS#1 key. Answers the rule the
 * key breaks (a fragment read after the field's label), or undefined when it is usable. A PEM
 * certificate is passed on to the service, which reads it; Web Crypto cannot.
 */
export async function publicKeyProblem(text: string): Promise<string | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return 'must not be empty while encryption is on';
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(trimmed)) {
    return 'must be a public key; never paste a private key';
  }
  if (trimmed.includes('-----BEGIN CERTIFICATE-----')) return undefined;
  const pem = /^-----BEGIN (RSA )?PUBLIC KEY-----([\s\S]*?)-----END (RSA )?PUBLIC KEY-----$/.exec(
    trimmed,
  );
  const body = (pem ? (pem[2] ?? '') : trimmed).replace(/\s+/g, '');
  const der = decodeBase64(body);
  if (!der) return shapeMessage;
  // PEM says which form it is; a bare base64 body may be either, SPKI being the usual one.
  const forms: Uint8Array[] = pem ? [pem[1] ? wrapPkcs1(der) : der] : [der, wrapPkcs1(der)];
  for (const spki of forms) {
    const bits = await rsaBits(spki);
    if (bits === undefined) continue;
    return bits < MIN_RSA_BITS
      ? `must have at least ${MIN_RSA_BITS} bits (this one has ${bits})`
      : undefined;
  }
  return shapeMessage;
}

const MIN_RSA_BITS = 2048;
const shapeMessage = 'must be an RSA public key: PEM, or the base64 body of an SPKI or PKCS#1 key';

function decodeBase64(body: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) return undefined;
  try {
    const binary = atob(body.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function rsaBits(spki: Uint8Array): Promise<number | undefined> {
  try {
    const key = await crypto.subtle.importKey(
      'spki',
      new Uint8Array(spki),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      true,
      ['encrypt'],
    );
    return (key.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  } catch {
    return undefined;
  }
}

/** DER length octets: short form below 128, else the count of length bytes first. */
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}

/** rsaEncryption's AlgorithmIdentifier: OID 1.2.840.113549.1.1.1 with NULL parameters. */
const rsaAlgorithm = [
  0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
];

/** Web Crypto imports only SPKI; a PKCS#1 RSAPublicKey is the BIT STRING inside one. */
function wrapPkcs1(pkcs1: Uint8Array): Uint8Array {
  const bitString = [0x03, ...derLength(pkcs1.length + 1), 0x00, ...pkcs1];
  const content = [...rsaAlgorithm, ...bitString];
  return Uint8Array.from([0x30, ...derLength(content.length), ...content]);
}
