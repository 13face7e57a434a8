import type { FastifyInstance } from 'fastify';
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
import { type BindOptions, bindEndpoint } from '../../http/bind';
import type { Services } from '../../services';
import * as config from './config-service';
import * as endpoints from './endpoint-service';
import * as messages from './message-service';

/** Wakes the delivery worker when a call has just queued messages. */
export interface DeliveryWake {
  notify(): void;
}

export function webhooksRoutes(
  app: FastifyInstance,
  s: Services,
  options: BindOptions,
  delivery: DeliveryWake,
): void {
  bindEndpoint(
    app,
    getAdvancedWebhookConfig,
    async (_input, ctx) => ({
      data: await config.getWebhookConfig(s, ctx.auth.apiKeyId),
      message: 'Advanced webhook configuration retrieved successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    updateAdvancedWebhookConfig,
    async (input, ctx) => ({
      data: await config.updateWebhookConfig(s, ctx.auth.apiKeyId, input),
      message: 'Advanced webhook configuration updated successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    createAdvancedWebhookEndpoint,
    async (input, ctx) => ({
      data: await endpoints.createEndpoint(s, ctx.auth.apiKeyId, input),
      message: 'Webhook endpoint created successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    updateAdvancedWebhookEndpoint,
    async (input, ctx) => ({
      data: await endpoints.updateEndpoint(s, ctx.auth.apiKeyId, input),
      message: 'Webhook endpoint updated successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    getAdvancedWebhookEndpoints,
    async (input, ctx) => ({
      data: await endpoints.listEndpoints(s, ctx.auth.apiKeyId, input),
      message: 'Webhook endpoints retrieved successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    deleteAdvancedWebhookEndpoint,
    async (input, ctx) => ({
      data: await endpoints.deleteEndpoint(s, ctx.auth.apiKeyId, input.endpointId),
      message: 'Webhook endpoint deleted successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    getAdvancedWebhookEndpointSecret,
    async (input, ctx) => ({
      data: await endpoints.getEndpointSecret(s, ctx.auth.apiKeyId, input.endpointId),
      message: 'Webhook endpoint secret retrieved successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    rotateAdvancedWebhookEndpointSecret,
    async (input, ctx) => ({
      data: await endpoints.rotateSecret(s, ctx.auth.apiKeyId, input.endpointId),
      message: 'Webhook endpoint secret rotated successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    sendTestEvent,
    async (input, ctx) => {
      const data = await messages.sendTestEvent(s, ctx.auth.apiKeyId, input);
      delivery.notify();
      return { data, message: 'Test event queued for delivery.' };
    },
    options,
  );
  bindEndpoint(
    app,
    listAdvancedWebhookEndpointMessages,
    async (input, ctx) => ({
      data: await messages.listMessages(s, ctx.auth.apiKeyId, input),
      message: 'Webhook messages retrieved successfully.',
    }),
    options,
  );
  bindEndpoint(
    app,
    resendAdvancedWebhookMessage,
    async (input, ctx) => {
      const data = await messages.resendMessage(s, ctx.auth.apiKeyId, input);
      delivery.notify();
      return { data, message: 'Webhook message queued for delivery.' };
    },
    options,
  );
  bindEndpoint(
    app,
    recoverFailedAdvancedWebhookMessages,
    async (input, ctx) => {
      const data = await messages.recoverFailed(s, ctx.auth.apiKeyId, input);
      delivery.notify();
      return { data, message: `${data.recovered} failed webhook messages queued for delivery.` };
    },
    options,
  );
}
