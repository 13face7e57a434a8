import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { startBanner } from './start-banner';

describe('startBanner', () => {
  it('names https when the service speaks TLS itself (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
    const plain = loadConfig({});
    expect(startBanner(plain, 8787, true)[0]).toBe('Console: http://127.0.0.1:8787/');
    const tls = {
      ...plain,
      serving: { ...plain.serving, tls: { cert: Buffer.from('c'), key: Buffer.from('k') } },
    };
    expect(startBanner(tls, 8787, true)[0]).toBe('Console: https://127.0.0.1:8787/');
  });
});
