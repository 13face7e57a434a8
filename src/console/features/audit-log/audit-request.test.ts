import { describe, expect, it } from 'vitest';
import { checkAuditRequest } from './audit-request';

describe('checkAuditRequest', () => {
  it('passes the filters given, and only those', () => {
    expect(checkAuditRequest({ apiKey: 'key_1', action: 'Update API Key Config' })).toEqual({
      ok: true,
      filter: { apiKey: 'key_1', action: 'Update API Key Config' },
    });
    expect(checkAuditRequest({})).toEqual({ ok: true, filter: {} });
  });

  it('filters by a person, refusing what is not an e-mail address before asking', () => {
    expect(checkAuditRequest({ person: 'ada@example.com' })).toEqual({
      ok: true,
      filter: { person: 'ada@example.com' },
    });
    expect(checkAuditRequest({ person: 'ada' })).toEqual({
      ok: false,
      problems: { person: 'Person must be a valid e-mail address.' },
    });
  });

  it('takes a time range whose end is after its start', () => {
    const check = checkAuditRequest({
      since: '2026-11-26T01:00:00.000Z',
      until: '2026-11-26T02:00:00.000Z',
    });
    expect(check.ok).toBe(true);
  });

  it('refuses an end at or before the start with the contract’s words, on Until', () => {
    for (const until of ['2026-11-26T01:00:00.000Z', '2026-11-26T00:59:59.000Z']) {
      expect(checkAuditRequest({ since: '2026-11-26T01:00:00.000Z', until })).toEqual({
        ok: false,
        problems: { until: 'Until must be later than since.' },
      });
    }
  });
});
