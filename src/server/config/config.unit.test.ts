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
