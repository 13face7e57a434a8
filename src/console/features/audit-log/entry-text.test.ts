import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#contract/audit-log';
import { actorText, changeText, credentialText, jsonText } from './entry-text';

const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  id: 'aud_1',
  at: '2026-11-26T01:00:00.000Z',
  actor: { ip: '127.0.0.1', userAgent: 'test', credential: null },
  action: 'Update API Key Config',
  target: {},
  changes: {},
  summary: {},
  ...patch,
});

describe('entry text', () => {
  it('names the credential by kind', () => {
    const actor = entry({}).actor;
    expect(credentialText(actor)).toBe('No credential');
    expect(credentialText({ ...actor, credential: { kind: 'workspace', id: 'ws_1' } })).toBe(
      'Workspace ws_1',
    );
    expect(credentialText({ ...actor, credential: { kind: 'apiKey', id: 'key_1' } })).toBe(
      'API key key_1',
    );
  });

  it('names the person of a session, with their role then', () => {
    const actor = {
      ...entry({}).actor,
      credential: { kind: 'session' as const, id: 'ses_1' },
      email: 'ada@example.com',
      role: 'viewer' as const,
      sessionId: 'ses_1',
    };
    expect(credentialText(actor)).toBe('Session ses_1');
    expect(actorText(actor)).toBe('ada@example.com (viewer)');
    expect(actorText(entry({}).actor)).toBe('No credential');
  });

  it('lists changed fields, then counted items', () => {
    expect(changeText(entry({}))).toBe('');
    expect(
      changeText(
        entry({
          changes: {
            requireJwtToken: { from: false, to: true },
            defaultDocumentAccessType: { from: 'public', to: 'restricted' },
          },
          summary: { users: { count: 1200, ids: ['u1'] }, groups: { count: 1, ids: ['g1'] } },
        }),
      ),
    ).toBe('requireJwtToken, defaultDocumentAccessType · users: 1,200 items · groups: 1 item');
  });

  it('writes values as JSON, a missing one as a dash', () => {
    expect(jsonText('••••••••')).toBe('"••••••••"');
    expect(jsonText(null)).toBe('null');
    expect(jsonText(undefined)).toBe('—');
    expect(jsonText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
