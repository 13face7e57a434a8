import { describe, expect, it } from 'vitest';
import {
  type PermissionProviderConfig,
  updatePermissionProviderConfigRequest,
} from '#contract/api-keys';
import {
  changedPermissionProvider,
  permissionProviderFieldOf,
  permissionProviderValues,
} from './permission-provider-values';

const saved: PermissionProviderConfig = {
  usePermissionProvider: false,
  permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
};

describe('changedPermissionProvider', () => {
  it('sends the switch, the new address and a typed token, and nothing unchanged', () => {
    const values = {
      usePermissionProvider: true,
      permissionProviderUrl: ' https://auth.example.com/check ',
      authToken: 'secret',
    };
    expect(changedPermissionProvider(values, saved)).toEqual({
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://auth.example.com/check',
        authToken: 'secret',
      },
    });
    expect(changedPermissionProvider(permissionProviderValues(saved), saved)).toEqual({});
  });

  it('keeps the stored token when the token field is left blank', () => {
    const values = {
      ...permissionProviderValues(saved),
      permissionProviderUrl: 'https://auth.example.com',
    };
    expect(changedPermissionProvider(values, saved).permissionProviderConfig).toEqual({
      permissionProviderUrl: 'https://auth.example.com',
    });
  });

  it('refuses a plain-http address, on the address field', () => {
    const values = {
      ...permissionProviderValues(saved),
      permissionProviderUrl: 'http://a.example',
    };
    const parsed = updatePermissionProviderConfigRequest.safeParse(
      changedPermissionProvider(values, saved),
    );
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.message).toBe('must be a valid https URL');
    expect(permissionProviderFieldOf(issue?.path ?? [])).toBe('permissionProviderUrl');
  });
});
