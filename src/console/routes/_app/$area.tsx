import { LazyNotFound } from '#console/components/lazy-not-found';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { legacySegment } from '../../lib/key-segments';

/**
 * The addresses of the first half (`/webhooks`, `/api-keys`, `/organizations`, …), from before the
 * key was part of the address: they lead to the same page of the key opened last, or ask for a key.
 */
export const Route = createFileRoute('/_app/$area')({
  beforeLoad: ({ context, params }) => {
    const area = legacySegment(params.area);
    if (!area) throw notFound();
    const apiKeyId = context.session.apiKey;
    if (!apiKeyId) throw redirect({ to: '/keys', search: { next: area }, replace: true });
    throw redirect({ to: '/keys/$apiKeyId/$area', params: { apiKeyId, area }, replace: true });
  },
  notFoundComponent: LazyNotFound,
});
