import {
  listAdvancedWebhookEndpointMessages,
  recoverFailedAdvancedWebhookMessages,
  resendAdvancedWebhookMessage,
  rotateAdvancedWebhookEndpointSecret,
} from '../../../contract/webhook-deliveries';
import {
  createAdvancedWebhookEndpoint,
  deleteAdvancedWebhookEndpoint,
  getAdvancedWebhookConfig,
  getAdvancedWebhookEndpointSecret,
  getAdvancedWebhookEndpoints,
  sendTestEvent,
  updateAdvancedWebhookConfig,
  updateAdvancedWebhookEndpoint,
} from '../../../contract/webhooks';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import type { Services } from '../../services';
import * as config from './config-service';
import * as endpoints from './endpoint-service';
import * as messages from './message-service';

/** Runs `work`, then wakes the delivery worker: the call has just queued messages. */
function queuing<T>(s: Services, work: () => Promise<T>): Promise<T> {
  return work().then((result) => {
    s.wake.notify();
    return result;
  });
}

export const webhooksModule: ServiceModule = {
  area: 'webhooks',
  routes: (s) => [
    route(
      getAdvancedWebhookConfig,
      'Advanced webhook configuration retrieved successfully.',
      (_input, ctx) => config.getWebhookConfig(s, ctx.auth.apiKeyId),
    ),
    route(
      updateAdvancedWebhookConfig,
      'Advanced webhook configuration updated successfully.',
      (input, ctx) => config.updateWebhookConfig(s, ctx.auth.apiKeyId, input),
    ),
    route(createAdvancedWebhookEndpoint, 'Webhook endpoint created successfully.', (input, ctx) =>
      endpoints.createEndpoint(s, ctx.auth.apiKeyId, input),
    ),
    route(updateAdvancedWebhookEndpoint, 'Webhook endpoint updated successfully.', (input, ctx) =>
      endpoints.updateEndpoint(s, ctx.auth.apiKeyId, input),
    ),
    route(getAdvancedWebhookEndpoints, 'Webhook endpoints retrieved successfully.', (input, ctx) =>
      endpoints.listEndpoints(s, ctx.auth.apiKeyId, input),
    ),
    route(deleteAdvancedWebhookEndpoint, 'Webhook endpoint deleted successfully.', (input, ctx) =>
      endpoints.deleteEndpoint(s, ctx.auth.apiKeyId, input.endpointId),
    ),
    route(
      getAdvancedWebhookEndpointSecret,
      'Webhook endpoint secret retrieved successfully.',
      (input, ctx) => endpoints.getEndpointSecret(s, ctx.auth.apiKeyId, input.endpointId),
    ),
    route(
      rotateAdvancedWebhookEndpointSecret,
      'Webhook endpoint secret rotated successfully.',
      (input, ctx) => endpoints.rotateSecret(s, ctx.auth.apiKeyId, input.endpointId),
    ),
    route(sendTestEvent, 'Test event queued for delivery.', (input, ctx) =>
      queuing(s, () => messages.sendTestEvent(s, ctx.auth.apiKeyId, input)),
    ),
    route(
      listAdvancedWebhookEndpointMessages,
      'Webhook messages retrieved successfully.',
      (input, ctx) => messages.listMessages(s, ctx.auth.apiKeyId, input),
    ),
    route(resendAdvancedWebhookMessage, 'Webhook message queued for delivery.', (input, ctx) =>
      queuing(s, () => messages.resendMessage(s, ctx.auth.apiKeyId, input)),
    ),
    route(
      recoverFailedAdvancedWebhookMessages,
      (data) => `${data.recovered} failed webhook messages queued for delivery.`,
      (input, ctx) => queuing(s, () => messages.recoverFailed(s, ctx.auth.apiKeyId, input)),
    ),
  ],
};
