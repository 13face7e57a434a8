import type { z } from 'zod';
import { createClient } from '#contract/client';
import { CallError } from '#contract/client-call';
import type { AnyEndpoint, Answer } from '#contract/endpoint';

/** The credentials the seed's flags give and the seed learns as it goes. */
export interface Credentials {
  workspaceId?: string;
  workspaceToken?: string;
  apiKey?: string;
  authToken?: string;
}

/**
 * Calls endpoints of any server that speaks the contract with the credentials known at the time
 * of the call, and answers the unwrapped envelope; a failure throws the contract's CallError, its
 * message naming the endpoint.
 */
export function contractClient(baseUrl: string, credentials: () => Credentials) {
  const client = createClient({
    baseUrl,
    name: 'seed',
    credentials: (level) => {
      const c = credentials();
      return level === 'workspace'
        ? { kind: 'workspace', id: c.workspaceId ?? '', token: c.workspaceToken ?? '' }
        : { kind: 'apiKey', id: c.apiKey ?? '', token: c.authToken ?? '' };
    },
  });
  return async function call<E extends AnyEndpoint>(
    endpoint: E,
    data: z.input<E['request']>,
  ): Promise<Answer<z.output<E['data']>>> {
    try {
      return await client.call(endpoint, data);
    } catch (error) {
      if (error instanceof CallError) error.message = `${endpoint.name}: ${error.message}`;
      throw error;
    }
  };
}

export type Call = ReturnType<typeof contractClient>;
