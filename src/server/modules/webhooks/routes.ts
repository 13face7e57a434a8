import {
  listAdvancedWebhookEndpointMessages,
  recoverFailedAdvancedWebhookMessages,
  resendAdvancedWebhookMessage,
  rotateAdvancedWebhookEndpointSecret,
} from '#contract/webhook-deliveries';
import {
  createAdvancedWebhookEndpoint,
  deleteAdvancedWebhookEndpoint,
  getAdvancedWebhookConfig,
  getAdvancedWebhookEndpointSecret,
  getAdvancedWebhookEndpoints,
  sendTestEvent,
  updateAdvancedWebhookConfig,
  updateAdvancedWebhookEndpoint,
} from '#contract/webhooks';
import {
  getWebhookServiceConfig,
  listWebhookServiceDeliveries,
  sendWebhookServiceTestEvent,
  updateWebhookServiceConfig,
} from '#contract/webhook-service';
import { getAdvancedWebhookEventTypes } from '#contract/event-types';
import { getAdvancedWebhookEndpointStats, getWebhookServiceStats } from '#contract/webhook-stats';
import { SECRET_MASK, changedFields } from '../../audit/audit-entry';
import { route } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import type { Services } from '../../services';
import * as config from './config-service';
import * as endpoints from './endpoint-service';
import { findEndpoint } from './endpoint-store';
import * as messages from './message-service';
import { eventTypes } from './event-types-service';
import { endpointStats, serviceStats } from './stats-service';
import * as basic from './service-config';
import * as basicDeliveries from './service-deliveries';

/** Runs `work`, then wakes the delivery worker: the call has just queued messages. */
function queuing<T>(s: Services, work: () => Promise<T>): Promise<T> {
  return work().then((result) => {
    s.wake.notify();
    return result;
  });
}

export const webhooksModule: ServiceModule = {
  routes: (s) => [
    route(
      getAdvancedWebhookConfig,
      'Advanced webhook configuration retrieved successfully.',
      (_input, ctx) => config.getWebhookConfig(s, ctx.auth.apiKeyId),
    ),
    route(
      updateAdvancedWebhookConfig,
      'Advanced webhook configuration updated successfully.',
      async (input, ctx) => {
        const before = await config.getWebhookConfig(s, ctx.auth.apiKeyId);
        const after = await config.updateWebhookConfig(s, ctx.auth.apiKeyId, input);
        ctx.audit.changes(changedFields(before, after));
        return after;
      },
    ),
    route(
      createAdvancedWebhookEndpoint,
      'Webhook endpoint created successfully.',
      async (input, ctx) => {
        const created = await endpoints.createEndpoint(s, ctx.auth.apiKeyId, input);
        ctx.audit.target({ endpointId: created.id });
        return created;
      },
    ),
    route(
      updateAdvancedWebhookEndpoint,
      'Webhook endpoint updated successfully.',
      async (input, ctx) => {
        const before = await findEndpoint(s.db, ctx.auth.apiKeyId, input.endpointId);
        const after = await endpoints.updateEndpoint(s, ctx.auth.apiKeyId, input);
        ctx.audit.changes(changedFields(before ? endpoints.endpointView(before) : {}, after));
        return after;
      },
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
      (input, ctx) => {
        ctx.audit.changes({ secret: { from: SECRET_MASK, to: SECRET_MASK } });
        return endpoints.rotateSecret(s, ctx.auth.apiKeyId, input.endpointId);
      },
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
    route(
      getAdvancedWebhookEndpointStats,
      'Webhook endpoint statistics retrieved successfully.',
      (input, ctx) => endpointStats(s, ctx.auth.apiKeyId, input.endpointId),
    ),
    route(getAdvancedWebhookEventTypes, 'Webhook event types retrieved successfully.', () =>
      Promise.resolve(eventTypes()),
    ),
    route(
      getWebhookServiceStats,
      'Webhook service statistics retrieved successfully.',
      (input, ctx) => serviceStats(s, ctx.auth.apiKeyId, input.target),
    ),
    route(getWebhookServiceConfig, 'Webhook configuration retrieved successfully.', (_input, ctx) =>
      basic.getWebhookService(s, ctx.auth.apiKeyId),
    ),
    route(
      updateWebhookServiceConfig,
      'Webhook configuration updated successfully.',
      async (input, ctx) => {
        const flat = (v: Awaited<ReturnType<typeof basic.getWebhookService>>) => ({
          useWebhookService: v.useWebhookService,
          ...v.webhookServiceConfig,
          // Only whether a token was given: its masked form may not change when it does.
          authToken: input.webhookServiceConfig?.authToken === undefined ? '' : SECRET_MASK,
        });
        const before = await basic.getWebhookService(s, ctx.auth.apiKeyId);
        await basic.updateWebhookService(s, ctx.auth.apiKeyId, input);
        const after = await basic.getWebhookService(s, ctx.auth.apiKeyId);
        ctx.audit.changes(changedFields({ ...flat(before), authToken: '' }, flat(after)));
        return null;
      },
    ),
    route(sendWebhookServiceTestEvent, 'Test event queued for delivery.', (input, ctx) =>
      queuing(s, () => basicDeliveries.sendTestEvent(s, ctx.auth.apiKeyId, input)),
    ),
    route(
      listWebhookServiceDeliveries,
      'Webhook service deliveries retrieved successfully.',
      (input, ctx) => basicDeliveries.listDeliveries(s, ctx.auth.apiKeyId, input),
    ),
  ],
};
