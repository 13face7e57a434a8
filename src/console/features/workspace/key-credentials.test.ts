import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authTokensQuery } from './auth-tokens-query';
import { apiKeyCredentials } from './key-credentials';

const token = (value: string) => ({ token: value, name: 'Default', domains: [] });

describe('apiKeyCredentials', () => {
  it('answers the same object on every navigation while the token is the same, a new one after a reset', async () => {
    const queryClient = new QueryClient();
    const { queryKey } = authTokensQuery('ws_1', 'ak_1');
    // The tokens as Get Auth Tokens answered them: cached for the tab, never read again.
    queryClient.setQueryData(queryKey, [token('first')]);
    const first = await apiKeyCredentials(queryClient, 'ws_1', 'ak_1');
    expect(first).toEqual({ id: 'ak_1', token: 'first' });
    expect(await apiKeyCredentials(queryClient, 'ws_1', 'ak_1')).toBe(first);
    // A refetch answering the same tokens keeps the cached list, and so the credentials.
    queryClient.setQueryData(queryKey, [token('first')]);
    expect(await apiKeyCredentials(queryClient, 'ws_1', 'ak_1')).toBe(first);
    // A reset writes the new token there.
    queryClient.setQueryData(queryKey, [token('second')]);
    const renewed = await apiKeyCredentials(queryClient, 'ws_1', 'ak_1');
    expect(renewed).toEqual({ id: 'ak_1', token: 'second' });
    expect(renewed).not.toBe(first);
  });
});
