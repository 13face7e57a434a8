import { useQueryClient } from '@tanstack/react-query';
import {
  getEmailConfig,
  sendTestEmail,
  type sendTestEmailRequest,
  updateEmailConfig,
} from '#contract/email-service';
import type { z } from 'zod';
import { call } from '#console/lib/api';
import type { ApiKeyCredentials } from '#console/lib/api-key';
import { useSaveMutation } from '#console/lib/use-save-mutation';
import type { EmailConfigRequest } from './email-config-resolver';
import { emailServiceQueries } from './queries';

/** Update Email Config, then the configuration as saved (its answer is null, as the hosted one). */
export function useUpdateEmailConfig(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: EmailConfigRequest) => {
      await call(updateEmailConfig, request, { apiKey });
      return (await call(getEmailConfig, undefined, { apiKey })).data;
    },
    onSaved: (saved) =>
      queryClient.setQueryData(emailServiceQueries.config(apiKey).queryKey, saved),
    success: 'E-mail service saved',
  });
}

/** Send Test Email; the sent-mail list is read again to show it. */
export function useSendTestEmail(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: z.output<typeof sendTestEmailRequest>) =>
      (await call(sendTestEmail, request, { apiKey })).data,
    onSaved: () =>
      queryClient.invalidateQueries({ queryKey: emailServiceQueries.sent(apiKey).queryKey }),
    success: 'Test e-mail queued',
  });
}
