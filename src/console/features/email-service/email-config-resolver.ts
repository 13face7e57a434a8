import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type EmailConfig, updateEmailConfigRequest } from '#contract/email-service';
import { contractResolver } from '#console/lib/contract-resolver';
import {
  type EmailConfigValues,
  changedEmailConfig,
  emailConfigFieldOf,
} from './email-config-values';

export type EmailConfigRequest = z.output<typeof updateEmailConfigRequest>;

/**
 * The contract's schema on what would be sent against `saved`, after the rule the service checks
 * against what it stores: SendGrid needs a key (given now or stored) and a sender address.
 */
export function emailConfigResolver(
  saved: EmailConfig,
): Resolver<EmailConfigValues, unknown, EmailConfigRequest> {
  const bySchema = contractResolver<EmailConfigValues, EmailConfigRequest>(
    updateEmailConfigRequest,
    {
      build: (values) => ({ request: changedEmailConfig(values, saved) }),
      fieldOf: emailConfigFieldOf,
    },
  );
  return (values, context, options) => {
    if (values.type === 'sendgrid') {
      const errors: Record<string, { type: string; message: string }> = {};
      if (values.apiKey.trim() === '' && saved.emailServiceConfig.apiKey === '') {
        errors.apiKey = { type: 'required', message: 'is required when type is sendgrid' };
      }
      if (values.fromEmail.trim() === '') {
        errors.fromEmail = { type: 'required', message: 'is required when type is sendgrid' };
      }
      if (Object.keys(errors).length > 0) return { values: {}, errors };
    }
    return bySchema(values, context, options);
  };
}
