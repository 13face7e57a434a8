import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Secrets } from '../crypto/secrets';
import { newSessionToken } from '../crypto/session-token';
import { newSigningSecret } from '../crypto/webhook-signing-secret';
import { describeHits, scanForSecrets, scanRunRoot, secretsIn } from './secret-scan';

const secrets = Secrets.forMasterKey(randomBytes(32));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-secret-scan-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('secretsIn', () => {
  it('finds each kind by its form, however it is surrounded, and shows 8 characters of it', () => {
    const workspace = secrets.newToken('wst');
    const key = secrets.newToken('akt');
    const webhook = newSigningSecret();
    const session = newSessionToken();
    const bytes = Buffer.concat([
      Buffer.from(`{"authToken":"${workspace}"}\n`),
      randomBytes(64),
      Buffer.from(`\u0000${key}\u0000`),
      Buffer.from(`x${webhook}`, 'latin1'),
      Buffer.from(`cookie: svc_session=${session}; theme=dark`),
    ]);
    expect(secretsIn(bytes)).toEqual([
      { file: '', kind: 'workspace token', preview: workspace.slice(0, 8) },
      { file: '', kind: 'API-key token', preview: key.slice(0, 8) },
      { file: '', kind: 'webhook secret', preview: webhook.slice(0, 8) },
      { file: '', kind: 'session token', preview: session.slice(0, 8) },
    ]);
  });

  it('passes what only looks like the start of a secret', () => {
    const token = secrets.newToken('akt');
    const unsigned = token.slice(0, token.indexOf('.'));
    const text = [
      'wst_',
      `${unsigned} and ${unsigned}.short`,
      'whsec_AAAA',
      'the akt_ prefix, described in a sentence',
      'sst_tooShort',
    ].join('\n');
    expect(secretsIn(Buffer.from(text))).toEqual([]);
  });

  it('finds a value it is given, with the kind it is given', () => {
    const bytes = Buffer.from('prefix sk-CANARY-ai-key suffix');
    expect(secretsIn(bytes, [{ kind: 'AI key', value: 'sk-CANARY-ai-key' }])).toEqual([
      { file: '', kind: 'AI key', preview: 'sk-CANAR' },
    ]);
    expect(secretsIn(bytes, [{ kind: 'AI key', value: 'sk-OTHER' }])).toEqual([]);
  });
});

describe('scanForSecrets', () => {
  it('reads every file below the directories, not following links', () => {
    const dir = tempDir();
    const outside = tempDir();
    const token = secrets.newToken('wst');
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'a', 'b', 'deep.log'), `line ${token}\n`);
    writeFileSync(join(dir, 'clean.log'), 'nothing here\n');
    writeFileSync(join(outside, 'elsewhere.log'), token);
    symlinkSync(outside, join(dir, 'link'));
    const result = scanForSecrets([dir]);
    expect(result.files).toBe(2);
    expect(describeHits(result.hits)).toBe(
      `workspace token (${token.slice(0, 8)}…) in ${join(dir, 'a', 'b', 'deep.log')}`,
    );
    expect(describeHits(result.hits)).not.toContain(token.slice(8));
  });
});

describe('scanRunRoot', () => {
  it('removes a clean root', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const root = tempDir();
    writeFileSync(join(root, 'service.log'), 'ok\n');
    expect(scanRunRoot(root, 'run').files).toBe(1);
    expect(existsSync(root)).toBe(false);
  });

  it('keeps the root of a failed run', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const root = tempDir();
    scanRunRoot(root, 'run', true);
    expect(existsSync(root)).toBe(true);
  });

  it('fails on a hit, naming the file and the kind, and keeps the root', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const root = tempDir();
    const secret = newSigningSecret();
    writeFileSync(join(root, 'service.log'), secret);
    expect(() => scanRunRoot(root, 'run')).toThrow(
      `webhook secret (${secret.slice(0, 8)}…) in ${join(root, 'service.log')}`,
    );
    expect(existsSync(root)).toBe(true);
  });
});
