import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: whole numbers', () => {
  it('takes the default for an unset or empty variable, and a whole number as given', () => {
    expect(loadConfig({}).port).toBe(8787);
    expect(loadConfig({ PORT: '', RETENTION_EVERY_MINUTES: '0' })).toMatchObject({
      port: 8787,
      retention: { everyMinutes: 0 },
    });
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '5000' }).serving.timeouts.keepAliveMs).toBe(5000);
  });

  it('refuses a count that is not a whole number ≥ 0, by name', () => {
    for (const value of ['x', '1.5', '-1', '1e400']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value }), value).toThrow(
        /^AUDIT_RETENTION_DAYS must be a whole number$/,
      );
    }
    expect(() => loadConfig({ RATE_LIMIT_SEND_LOGIN_LINK_WINDOW_MS: '-5' })).toThrow(
      /^RATE_LIMIT_SEND_LOGIN_LINK_WINDOW_MS must be a whole number$/,
    );
  });

  it('refuses a timeout of zero too, which would switch it off', () => {
    for (const value of ['0', '-1', '2.5', 'soon']) {
      expect(() => loadConfig({ CONNECTION_TIMEOUT_MS: value }), value).toThrow(
        /^CONNECTION_TIMEOUT_MS must be a positive whole number$/,
      );
    }
  });
});

describe('loadConfig: the console’s address for invitation links', () => {
  it('is the console served here while the console domain is local, else https on that domain', () => {
    expect(loadConfig({}).consoleUrl).toBe('http://localhost:8787');
    expect(loadConfig({ PORT: '9000' }).consoleUrl).toBe('http://localhost:9000');
    expect(loadConfig({ CONSOLE_DOMAIN: 'console.example.com' }).consoleUrl).toBe(
      'https://console.example.com',
    );
  });

  it('takes CONSOLE_URL on the console domain or a loopback address, as an origin', () => {
    const env = { CONSOLE_DOMAIN: 'console.example.com' };
    expect(loadConfig({ ...env, CONSOLE_URL: 'https://Console.Example.com:8443' }).consoleUrl).toBe(
      'https://console.example.com:8443',
    );
    expect(loadConfig({ ...env, CONSOLE_URL: 'http://127.0.0.1:5173/' }).consoleUrl).toBe(
      'http://127.0.0.1:5173',
    );
    expect(() => loadConfig({ ...env, CONSOLE_URL: 'https://evil.example.net' })).toThrow(
      /^CONSOLE_URL: its host must be CONSOLE_DOMAIN \(console\.example\.com\)/,
    );
    for (const value of ['console.example.com', 'https://console.example.com/app', 'ftp://x']) {
      expect(() => loadConfig({ ...env, CONSOLE_URL: value }), value).toThrow(
        /^CONSOLE_URL: ".*" is not an origin/,
      );
    }
  });
});

describe('loadConfig: sessions', () => {
  it('lasts 12 idle hours and 7 days, 50 per person, unless configured', () => {
    // 50: the contract's MAX_SESSIONS_PER_PERSON (sessions.test.ts compares the two).
    expect(loadConfig({}).sessions).toEqual({ idleHours: 12, lifetimeDays: 7, maxPerPerson: 50 });
    expect(
      loadConfig({
        SESSION_IDLE_HOURS: '1',
        SESSION_LIFETIME_DAYS: '30',
        MAX_SESSIONS_PER_PERSON: '5',
      }).sessions,
    ).toEqual({ idleHours: 1, lifetimeDays: 30, maxPerPerson: 5 });
    // Zero would end every session at once.
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(
      /^SESSION_IDLE_HOURS must be a positive whole number$/,
    );
  });
});

describe('loadConfig: master keys and backups', () => {
  it('takes previous master keys comma-separated, and the rotation’s batches', () => {
    const config = loadConfig({
      SVC_PREVIOUS_MASTER_KEYS: ' a= , b= ,',
      KEY_ROTATION_BATCH_SIZE: '50',
    });
    expect(config.previousMasterKeys).toEqual(['a=', 'b=']);
    expect(config.keyRotation).toEqual({ batchSize: 50, pauseMs: 0 });
    expect(loadConfig({}).previousMasterKeys).toEqual([]);
    expect(loadConfig({}).keyRotation.batchSize).toBe(200);
    expect(() => loadConfig({ KEY_ROTATION_BATCH_SIZE: '0' })).toThrow(/KEY_ROTATION_BATCH_SIZE/);
    expect(loadConfig({ BACKUP_TOKEN: 't' }).backupToken).toBe('t');
  });
});
