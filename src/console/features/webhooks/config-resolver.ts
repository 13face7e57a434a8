import type { Resolver } from 'react-hook-form';
import { type AdvancedWebhookConfig, updateWebhookConfigRequest } from '#contract/webhooks';
import { contractResolver } from '../../lib/contract-resolver';
import {
  type ConfigRequest,
  type ConfigValues,
  changedConfig,
  configFieldOf,
} from './config-values';
import { publicKeyProblem } from './public-key';

/**
 * The contract's schema on what would be sent, then the rule it cannot express: encryption needs
 * a usable RSA public key, which is checked with Web Crypto before the service is asked.
 */
export function configResolver(
  saved: AdvancedWebhookConfig,
): Resolver<ConfigValues, unknown, ConfigRequest> {
  const bySchema = contractResolver<ConfigValues, ConfigRequest>(updateWebhookConfigRequest, {
    build: (values) => ({ request: changedConfig(values, saved) }),
    fieldOf: configFieldOf,
  });
  return async (values, context, options) => {
    const result = await bySchema(values, context, options);
    if (Object.keys(result.errors).length > 0) return result;
    const request = changedConfig(values, saved);
    const sendsKey = request.publicKey !== undefined && request.publicKey !== '';
    const encryptsAnew =
      values.encryptData && (request.encryptData === true || request.publicKey !== undefined);
    if (!sendsKey && !encryptsAnew) return result;
    const problem = await publicKeyProblem(values.publicKey);
    if (!problem) return result;
    return { values: {}, errors: { publicKey: { type: 'validate', message: problem } } };
  };
}
