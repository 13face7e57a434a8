import { createFileRoute, redirect } from '@tanstack/react-router';

/** An endpoint's address of the first half: the endpoint of the key opened last. */
export const Route = createFileRoute('/_app/webhooks/$endpointId')({
  beforeLoad: ({ context, params: { endpointId } }) => {
    const apiKeyId = context.session.apiKey;
    if (!apiKeyId) throw redirect({ to: '/keys', search: { next: 'webhooks' }, replace: true });
    throw redirect({
      to: '/keys/$apiKeyId/webhooks/$endpointId',
      params: { apiKeyId, endpointId },
      replace: true,
    });
  },
});
