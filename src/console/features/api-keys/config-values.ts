import type { z } from 'zod';
import type {
  ApiKeyConfig,
  ApiKeyConfigUpdate,
  UpdateApiKeyConfigRequest,
  updateApiKeyConfigRequest,
} from '#contract/api-keys';
import type { AccessType } from '#contract/common';

/** What the form hands to the mutation once the contract's schema accepted it. */
export type ConfigRequest = z.output<typeof updateApiKeyConfigRequest>;

export interface AiKeyRow {
  provider: string;
  customerApiKey: string;
}

/** What the configuration form holds; raw AI keys only while they are being typed. */
export type ConfigValues = {
  defaultDocumentAccessType: AccessType;
  enablePrivateComments: boolean;
  requireJwtToken: boolean;
  requireAutoOrgUser: boolean;
  aiKeys: AiKeyRow[];
};

export function configValues(config: ApiKeyConfig): ConfigValues {
  return {
    defaultDocumentAccessType: config.defaultDocumentAccessType,
    enablePrivateComments: config.isPrivateCommentsEnabled,
    requireJwtToken: config.requireJwtToken,
    requireAutoOrgUser: config.requireAutoOrgUser,
    aiKeys: [],
  };
}

const isBlank = (row: AiKeyRow) => row.provider.trim() === '' && row.customerApiKey.trim() === '';

/**
 * The request for what changed against the saved configuration, and nothing else: the service
 * merges, so an unchanged field sent again would only hide what the admin meant to change. Rows
 * left entirely blank are not keys.
 */
export function changedConfig(
  values: ConfigValues,
  saved: ApiKeyConfig,
): NonNullable<UpdateApiKeyConfigRequest> {
  const request: NonNullable<UpdateApiKeyConfigRequest> = {};
  if (values.defaultDocumentAccessType !== saved.defaultDocumentAccessType) {
    request.defaultDocumentAccessType = values.defaultDocumentAccessType;
  }
  if (values.enablePrivateComments !== saved.isPrivateCommentsEnabled) {
    request.enablePrivateComments = values.enablePrivateComments;
  }
  if (values.requireJwtToken !== saved.requireJwtToken) {
    request.requireJwtToken = values.requireJwtToken;
  }
  if (values.requireAutoOrgUser !== saved.requireAutoOrgUser) {
    request.requireAutoOrgUser = values.requireAutoOrgUser;
  }
  // configFieldOf maps an entry's index back to its row on screen, blank rows counted.
  const rows = values.aiKeys.filter((row) => !isBlank(row));
  if (rows.length > 0) {
    request.aiModelApiKey = rows.map((row) => ({
      provider: row.provider,
      customerApiKey: row.customerApiKey,
    }));
  }
  return request;
}

/** The form field of an issue in a request made by changedConfig from these values. */
export function configFieldOf(values: ConfigValues) {
  const rowIndexes = values.aiKeys.flatMap((row, index) => (isBlank(row) ? [] : [index]));
  return (path: readonly PropertyKey[]): string | undefined => {
    const [field, entry, part] = path;
    if (field !== 'aiModelApiKey') return typeof field === 'string' ? field : undefined;
    const row = typeof entry === 'number' ? rowIndexes[entry] : undefined;
    if (row === undefined) return undefined;
    // A repeated provider is reported on the entry; it is the provider that has to change.
    return `aiKeys.${row}.${part === 'customerApiKey' ? 'customerApiKey' : 'provider'}`;
  };
}

/** The saved configuration after an update answered with the post-write values it echoes. */
export function mergeEcho(saved: ApiKeyConfig, echo: ApiKeyConfigUpdate): ApiKeyConfig {
  return {
    ...saved,
    ...(echo.defaultDocumentAccessType !== undefined
      ? { defaultDocumentAccessType: echo.defaultDocumentAccessType }
      : {}),
    ...(echo.enablePrivateComments !== undefined
      ? { isPrivateCommentsEnabled: echo.enablePrivateComments }
      : {}),
    ...(echo.requireJwtToken !== undefined ? { requireJwtToken: echo.requireJwtToken } : {}),
    ...(echo.requireAutoOrgUser !== undefined
      ? { requireAutoOrgUser: echo.requireAutoOrgUser }
      : {}),
    ...(echo.aiModelsConfig !== undefined
      ? { aiModelsConfig: { ...saved.aiModelsConfig, ...echo.aiModelsConfig } }
      : {}),
  };
}
