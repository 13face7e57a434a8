import type { Resolver } from 'react-hook-form';
import { type WebhookService, updateWebhookServiceRequest } from '#contract/webhook-service';
import { contractResolver } from '../../lib/contract-resolver';
import { publicKeyProblem } from './public-key';
import {
  type ServiceRequest,
  type ServiceValues,
  changedService,
  serviceFieldOf,
} from './service-values';

/**
 * The contract's schema on what would be sent against `saved`, then the rules it leaves to the
 * console: encryption needs a usable RSA public key (checked with Web Crypto, as the advanced
 * configuration does), and the service needs a URL to send to once it is on.
 */
export function serviceResolver(
  saved: WebhookService,
): Resolver<ServiceValues, unknown, ServiceRequest> {
  const bySchema = contractResolver<ServiceValues, ServiceRequest>(updateWebhookServiceRequest, {
    build: (values) => ({ request: changedService(values, saved) }),
    fieldOf: serviceFieldOf,
  });
  return async (values, context, options) => {
    const result = await bySchema(values, context, options);
    if (Object.keys(result.errors).length > 0) return result;
    if (
      values.useWebhookService &&
      values.rawNotificationUrl.trim() === '' &&
      values.processedNotificationUrl.trim() === ''
    ) {
      return {
        values: {},
        errors: {
          rawNotificationUrl: {
            type: 'required',
            message: 'is required while the webhook service is on (or a processed URL)',
          },
        },
      };
    }
    if (!values.encryptData) return result;
    const keyChanged = values.publicKey.trim() !== saved.webhookServiceConfig.publicKey.trim();
    if (!keyChanged && saved.webhookServiceConfig.encryptData) return result;
    const problem = await publicKeyProblem(values.publicKey);
    if (!problem) return result;
    return { values: {}, errors: { publicKey: { type: 'validate', message: problem } } };
  };
}
