/**
 * One API key of the workspace and its auth token: what an API-key endpoint is called with. Query
 * factories take this pair and key their queries by `id`, so the key in a query key is always the
 * key whose token is sent. The token comes from Get Auth Tokens (the key's route fetches it) for a
 * sign-in with the workspace token; a person's session names the key and needs no token.
 */
export interface ApiKeyCredentials {
  id: string;
  token?: string;
}
