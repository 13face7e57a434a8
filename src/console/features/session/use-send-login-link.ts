import { useMutation } from '@tanstack/react-query';
import { sendLoginLink } from '#contract/workspace';
import { call } from '../../lib/api';
import { normalizeBaseUrl } from '../../lib/session';
import { continueUrl } from './continue-url';
import { rememberServer } from '../../lib/remembered-server';
import type { LoginLinkValues } from './sign-in-schema';

export function useSendLoginLink(redirectTo: string | undefined) {
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (values: LoginLinkValues) => {
      const baseUrl = normalizeBaseUrl(values.baseUrl);
      await call(
        sendLoginLink,
        { email: values.email, continueUrl: continueUrl(window.location.origin, redirectTo) },
        { credentials: { baseUrl } },
      );
      // The link may be opened in another tab; that tab must complete it on the same server.
      rememberServer(baseUrl);
      return { email: values.email, baseUrl };
    },
  });
}
