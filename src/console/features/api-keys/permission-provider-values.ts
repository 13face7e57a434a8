import type {
  PermissionProviderConfig,
  UpdatePermissionProviderConfigRequest,
} from '#contract/api-keys';

type Update = NonNullable<UpdatePermissionProviderConfigRequest>;

export type PermissionProviderValues = {
  usePermissionProvider: boolean;
  permissionProviderUrl: string;
  /** Blank keeps the stored token: it is never read back in clear. */
  authToken: string;
};

export function permissionProviderValues(
  config: PermissionProviderConfig,
): PermissionProviderValues {
  return {
    usePermissionProvider: config.usePermissionProvider,
    permissionProviderUrl: config.permissionProviderConfig.permissionProviderUrl,
    authToken: '',
  };
}

/** The request for what changed against the saved configuration, and nothing else. */
export function changedPermissionProvider(
  values: PermissionProviderValues,
  saved: PermissionProviderConfig,
): Update {
  const request: Update = {};
  if (values.usePermissionProvider !== saved.usePermissionProvider) {
    request.usePermissionProvider = values.usePermissionProvider;
  }
  const url = values.permissionProviderUrl.trim();
  const provider: NonNullable<Update['permissionProviderConfig']> = {};
  if (url !== saved.permissionProviderConfig.permissionProviderUrl) {
    provider.permissionProviderUrl = url;
  }
  if (values.authToken.trim() !== '') provider.authToken = values.authToken.trim();
  if (Object.keys(provider).length > 0) request.permissionProviderConfig = provider;
  return request;
}

/** The form field of an issue in a request made by changedPermissionProvider. */
export function permissionProviderFieldOf(path: readonly PropertyKey[]): string | undefined {
  const [field, inner] = path;
  if (field === 'permissionProviderConfig') {
    return inner === 'authToken' ? 'authToken' : 'permissionProviderUrl';
  }
  return typeof field === 'string' ? field : undefined;
}
