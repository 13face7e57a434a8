import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { OutboxPage } from '../features/session/outbox-page';
import { sessionQueries } from '../features/session/queries';
import { rememberedServer } from '../lib/remembered-server';

const searchSchema = z.object({
  to: z.string().optional().catch(undefined),
});

/** The local outbox of a service without SMTP: reachable without signing in, like the mail. */
export const Route = createFileRoute('/outbox')({
  validateSearch: searchSchema,
  // Warms the cache only: a service without an outbox is a state the page explains in place.
  loader: ({ context }) =>
    context.queryClient
      .query({ ...sessionQueries.outbox(rememberedServer()), staleTime: 'static' })
      .catch(() => null),
  // Its loader needs the outbox's schema, which the sign-in page does not.
  codeSplitGroupings: [['loader', 'component']],
  component: OutboxRoute,
});

function OutboxRoute() {
  const { to } = Route.useSearch();
  return <OutboxPage to={to} />;
}
