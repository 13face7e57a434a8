import type { z } from 'zod';
import {
  type UpdateWebhookServiceRequest,
  type WebhookService,
  defaultWebhookServiceTriggers,
  type updateWebhookServiceRequest,
  webhookServiceTriggerTypes,
} from '#contract/webhook-service';

type Update = NonNullable<UpdateWebhookServiceRequest>;
type ConfigUpdate = NonNullable<Update['webhookServiceConfig']>;
export type ServiceRequest = z.output<typeof updateWebhookServiceRequest>;

// A type, not an interface: react-hook-form wants its values as a plain record.
export type ServiceValues = {
  useWebhookService: boolean;
  rawNotificationUrl: string;
  processedNotificationUrl: string;
  /** Blank keeps the stored token: it is never read back in clear. */
  authToken: string;
  encodeData: boolean;
  encryptData: boolean;
  publicKey: string;
  /** The event types whose trigger is on (a trigger's key has a dot, which a field name cannot). */
  triggers: string[];
};

/** The triggers in effect: a key that never set any gets the hosted defaults on first enable. */
function triggersOn(saved: WebhookService): string[] {
  const triggers = saved.webhookServiceConfig.triggers;
  const shown = Object.keys(triggers).length === 0 ? defaultWebhookServiceTriggers : triggers;
  return webhookServiceTriggerTypes.filter((type) => shown[type] === true);
}

export function serviceValues(saved: WebhookService): ServiceValues {
  const c = saved.webhookServiceConfig;
  return {
    useWebhookService: saved.useWebhookService,
    rawNotificationUrl: c.rawNotificationUrl,
    processedNotificationUrl: c.processedNotificationUrl,
    authToken: '',
    encodeData: c.encodeData,
    encryptData: c.encryptData,
    publicKey: c.publicKey,
    triggers: triggersOn(saved),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** Only what changed against the saved configuration: the service merges what it is sent. */
export function changedService(values: ServiceValues, saved: WebhookService): Update {
  const c = saved.webhookServiceConfig;
  const request: Update = {};
  if (values.useWebhookService !== saved.useWebhookService) {
    request.useWebhookService = values.useWebhookService;
  }
  const config: ConfigUpdate = {};
  const raw = values.rawNotificationUrl.trim();
  if (raw !== c.rawNotificationUrl) config.rawNotificationUrl = raw;
  const processed = values.processedNotificationUrl.trim();
  if (processed !== c.processedNotificationUrl) config.processedNotificationUrl = processed;
  if (values.authToken.trim() !== '') config.authToken = values.authToken.trim();
  if (values.encodeData !== c.encodeData) config.encodeData = values.encodeData;
  if (values.encryptData !== c.encryptData) config.encryptData = values.encryptData;
  const publicKey = values.publicKey.trim();
  if (publicKey !== c.publicKey.trim()) config.publicKey = publicKey;
  if (!sameSet(values.triggers, triggersOn(saved))) {
    config.triggers = Object.fromEntries(
      webhookServiceTriggerTypes.map((type) => [type, values.triggers.includes(type)]),
    );
  }
  if (Object.keys(config).length > 0) request.webhookServiceConfig = config;
  return request;
}

/** The form field of an issue in a request made by changedService (or of a server refusal). */
export function serviceFieldOf(path: readonly PropertyKey[]): string | undefined {
  const [field, inner] = path;
  if (field === 'webhookServiceConfig') return typeof inner === 'string' ? inner : undefined;
  return typeof field === 'string' ? field : undefined;
}
