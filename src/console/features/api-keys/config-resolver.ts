import type { Resolver } from 'react-hook-form';
import { type ApiKeyConfig, updateApiKeyConfigRequest } from '#contract/api-keys';
import { contractResolver } from '../../lib/contract-resolver';
import {
  type ConfigRequest,
  type ConfigValues,
  changedConfig,
  configFieldOf,
} from './config-values';

/** The contract's Update API Key Config schema on what would be sent against `saved`. */
export function configResolver(
  saved: ApiKeyConfig,
): Resolver<ConfigValues, unknown, ConfigRequest> {
  return contractResolver<ConfigValues, ConfigRequest>(updateApiKeyConfigRequest, {
    build: (values) => ({ request: changedConfig(values, saved) }),
    fieldOf: (path, values) => configFieldOf(values)(path),
  });
}
