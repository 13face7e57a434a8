import { describe, expect, it } from 'vitest';
import { sessionClient } from './api';

describe('sessionClient', () => {
  it('presents a person’s session: the ids of what a call acts on, never a token', () => {
    const client = sessionClient({ baseUrl: '', workspaceId: 'ws_1' }, { id: 'ak_1' });
    expect(client.credentials?.('session')).toEqual({ kind: 'session' });
    expect(client.credentials?.('workspace')).toEqual({ kind: 'session', workspaceId: 'ws_1' });
    expect(client.credentials?.('apiKey')).toEqual({
      kind: 'session',
      workspaceId: 'ws_1',
      apiKeyId: 'ak_1',
    });
    // The browser sends the cookie to the console's own origin by itself.
    expect(client.fetch).toBeUndefined();
  });

  it('sends the cookie to a service on another origin', () => {
    const client = sessionClient(
      { baseUrl: 'https://api.example.com', workspaceId: 'ws_1' },
      undefined,
    );
    expect(client.fetch).toBeDefined();
  });

  it('presents the tokens of a sign-in with the workspace token, and nothing as a person', () => {
    const client = sessionClient(
      { baseUrl: 'https://api.example.com', workspaceId: 'ws_1', workspaceToken: 'wst' },
      { id: 'ak_1', token: 'akt' },
    );
    expect(client.credentials?.('workspace')).toEqual({
      kind: 'workspace',
      id: 'ws_1',
      token: 'wst',
    });
    expect(client.credentials?.('apiKey')).toEqual({ kind: 'apiKey', id: 'ak_1', token: 'akt' });
    expect(client.credentials?.('session')).toBeUndefined();
    expect(client.fetch).toBeUndefined();
  });
});
