import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  type PermissionProviderConfig,
  updatePermissionProviderConfigRequest,
} from '#contract/api-keys';
import { contractResolver } from '../../lib/contract-resolver';
import {
  type PermissionProviderValues,
  changedPermissionProvider,
  permissionProviderFieldOf,
} from './permission-provider-values';

export type PermissionProviderRequest = z.output<typeof updatePermissionProviderConfigRequest>;

/**
 * The contract's schema on what would be sent against `saved`, after the rule it leaves to the
 * console: turning the provider on without an address would send every access question nowhere.
 */
export function permissionProviderResolver(
  saved: PermissionProviderConfig,
): Resolver<PermissionProviderValues, unknown, PermissionProviderRequest> {
  const bySchema = contractResolver<PermissionProviderValues, PermissionProviderRequest>(
    updatePermissionProviderConfigRequest,
    {
      build: (values) => ({ request: changedPermissionProvider(values, saved) }),
      fieldOf: permissionProviderFieldOf,
    },
  );
  return (values, context, options) => {
    if (values.usePermissionProvider && values.permissionProviderUrl.trim() === '') {
      return {
        values: {},
        errors: {
          permissionProviderUrl: {
            type: 'required',
            message: 'is required while the permission provider is on',
          },
        },
      };
    }
    return bySchema(values, context, options);
  };
}
