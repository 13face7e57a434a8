/**
 * Every column that holds a value sealed under the master key (`Secrets.encrypt`), which a key
 * rotation must seal again. A new sealed column is added here, or the rotation leaves it under
 * the old key (and `key-rotation.test.ts`, which looks for ciphertexts in every text and jsonb
 * column once a service has stored every kind of secret, fails).
 */
export interface SealedColumn {
  /** For log lines: `table.column`. */
  name: string;
  table: string;
  /** The primary key, a single text column: batches go through it in order. */
  key: string;
  column: string;
  /** `text`: the column is the ciphertext ('' or null: none). `map`: jsonb of `{ enc }` entries. */
  shape: 'text' | 'map';
}

const text = (table: string, key: string, column: string): SealedColumn => ({
  name: `${table}.${column}`,
  table,
  key,
  column,
  shape: 'text',
});

export const sealedColumns: readonly SealedColumn[] = [
  // The stable keys first: every process reads them at start.
  text('service_keys', 'name', 'sealed'),
  text('workspaces', 'id', 'auth_token_enc'),
  text('api_keys', 'id', 'auth_token_enc'),
  text('api_key_configs', 'api_key_id', 'permission_provider_token_enc'),
  {
    name: 'api_key_configs.ai_keys',
    table: 'api_key_configs',
    key: 'api_key_id',
    column: 'ai_keys',
    shape: 'map',
  },
  text('webhook_endpoints', 'id', 'secret_enc'),
  text('webhook_endpoints', 'id', 'previous_secret_enc'),
  text('webhook_service_configs', 'api_key_id', 'auth_token_enc'),
  text('email_configs', 'api_key_id', 'provider_key_sealed'),
];
