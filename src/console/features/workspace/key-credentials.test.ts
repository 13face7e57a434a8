import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authTokensQuery } from './auth-tokens-query';
import { workspaceDetailQuery } from '../../lib/workspace-query';
import { apiKeyCredentials } from './key-credentials';

const token = (value: string) => ({ token: value, name: 'Default', domains: [] });

const session = { baseUrl: '', workspaceId: 'ws_1', workspaceToken: 'wt' };

describe('apiKeyCredentials', () => {
  it('answers the same object on every navigation while the token is the same, a new one after a reset', async () => {
    const queryClient = new QueryClient();
    const { queryKey } = authTokensQuery('ws_1', 'ak_1');
    // The tokens as Get Auth Tokens answered them: cached for the tab, never read again.
    queryClient.setQueryData(queryKey, [token('first')]);
    const first = await apiKeyCredentials(queryClient, session, 'ak_1');
    expect(first).toEqual({ id: 'ak_1', token: 'first' });
    expect(await apiKeyCredentials(queryClient, session, 'ak_1')).toBe(first);
    // A refetch answering the same tokens keeps the cached list, and so the credentials.
    queryClient.setQueryData(queryKey, [token('first')]);
    expect(await apiKeyCredentials(queryClient, session, 'ak_1')).toBe(first);
    // A reset writes the new token there.
    queryClient.setQueryData(queryKey, [token('second')]);
    const renewed = await apiKeyCredentials(queryClient, session, 'ak_1');
    expect(renewed).toEqual({ id: 'ak_1', token: 'second' });
    expect(renewed).not.toBe(first);
  });
});

describe('apiKeyCredentials through a session', () => {
  it('names the key without a token, the same object on every navigation', async () => {
    const queryClient = new QueryClient();
    const workspace = {
      id: 'ws_1',
      name: 'Main',
      authToken: '••••abcd',
      owner: { email: 'ada@example.com', id: 'u_1', name: 'Ada', avatar: '' },
      apiKeyList: { ak_1: { apiKeyName: 'Default', id: 'ak_1', type: 'testing' as const } },
    };
    queryClient.setQueryData(workspaceDetailQuery('ws_1').queryKey, workspace);
    const person = { baseUrl: '', workspaceId: 'ws_1' };
    const first = await apiKeyCredentials(queryClient, person, 'ak_1');
    expect(first).toEqual({ id: 'ak_1' });
    expect(await apiKeyCredentials(queryClient, person, 'ak_1')).toBe(first);
    // No token was asked for: the auth tokens were never read.
    expect(queryClient.getQueryData(authTokensQuery('ws_1', 'ak_1').queryKey)).toBeUndefined();
  });
});
