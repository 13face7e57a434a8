import type { Resolver } from 'react-hook-form';
import { type ApiKeyConfig, updateApiKeyConfigRequest } from '../../../contract/api-keys';
import { schemaResolver } from '../../lib/schema-resolver';
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
  return (values, context, options) =>
    schemaResolver<ConfigValues, ConfigRequest>(
      updateApiKeyConfigRequest,
      (v) => changedConfig(v, saved),
      configFieldOf(values),
    )(values, context, options);
}
