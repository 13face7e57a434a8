import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getAuthTokens } from '#contract/api-keys';
import type { ApiKeyEntry } from '#contract/workspace';
import { SecretValue } from '../../components/secret-value';
import { authTokensQuery } from './auth-tokens-query';

interface AuthTokenFieldProps {
  workspaceId: string;
  apiKey: ApiKeyEntry;
  revealed: boolean;
  onRevealedChange: (revealed: boolean) => void;
}

/** The key's auth token, masked until revealed; it is fetched (Get Auth Tokens) only then. */
export function AuthTokenField({
  workspaceId,
  apiKey,
  revealed,
  onRevealedChange,
}: AuthTokenFieldProps) {
  const queryClient = useQueryClient();
  const options = authTokensQuery(workspaceId, apiKey.id);
  const token = useQuery({
    ...options,
    enabled: revealed,
    select: (tokens) => tokens[0]?.token,
  });

  async function fetchToken(): Promise<string> {
    const first = (await queryClient.query(options))[0]?.token;
    if (!first) throw new Error(`The API key ${apiKey.apiKeyName} has no auth token.`);
    return first;
  }

  return (
    <SecretValue
      name={`auth token of ${apiKey.apiKeyName}`}
      mask="••••••••••••••••"
      endpoint={getAuthTokens}
      revealed={revealed}
      onRevealedChange={onRevealedChange}
      secret={token}
      copy={fetchToken}
    />
  );
}
