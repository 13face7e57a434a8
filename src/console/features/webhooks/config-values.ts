import type { z } from 'zod';
import type {
  AdvancedWebhookConfig,
  UpdateWebhookConfigRequest,
  updateWebhookConfigRequest,
} from '#contract/webhooks';

/** What the configuration form hands to the mutation once the contract's schema accepted it. */
export type ConfigRequest = z.output<typeof updateWebhookConfigRequest>;

// A type, not an interface: react-hook-form wants its values as a plain record.
export type ConfigValues = {
  isEnabled: boolean;
  encodeData: boolean;
  encryptData: boolean;
  publicKey: string;
  enableDataProtection: boolean;
};

export function configValues(config: AdvancedWebhookConfig): ConfigValues {
  return {
    isEnabled: config.isEnabled,
    encodeData: config.encodeData,
    encryptData: config.encryptData,
    publicKey: config.publicKey,
    enableDataProtection: config.enableDataProtection,
  };
}

/** Only what changed against the saved configuration: the service merges what it is sent. */
export function changedConfig(
  values: ConfigValues,
  saved: AdvancedWebhookConfig,
): NonNullable<UpdateWebhookConfigRequest> {
  const request: NonNullable<UpdateWebhookConfigRequest> = {};
  if (values.isEnabled !== saved.isEnabled) request.isEnabled = values.isEnabled;
  if (values.encodeData !== saved.encodeData) request.encodeData = values.encodeData;
  if (values.encryptData !== saved.encryptData) request.encryptData = values.encryptData;
  if (values.enableDataProtection !== saved.enableDataProtection) {
    request.enableDataProtection = values.enableDataProtection;
  }
  const publicKey = values.publicKey.trim();
  if (publicKey !== saved.publicKey.trim()) request.publicKey = publicKey;
  return request;
}

export function configFieldOf(path: readonly PropertyKey[]): string | undefined {
  const [field] = path;
  return typeof field === 'string' ? field : undefined;
}
