import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ApiKeyChooser } from '#console/features/workspace/api-key-chooser';
import { keySegments } from '#console/lib/key-segments';

const searchSchema = z.object({
  /** The key page wanted; the chosen key's page opens. */
  next: z.enum(keySegments).optional().catch(undefined),
  /** A key the address named that the workspace does not have. */
  missing: z.string().max(200).optional().catch(undefined),
});

/** Where a key page without a (known) key is sent: choose one of the workspace's keys. */
export const Route = createFileRoute('/_app/keys/')({
  validateSearch: searchSchema,
  component: KeysRoute,
});

function KeysRoute() {
  const { next, missing } = Route.useSearch();
  const workspaceId = Route.useRouteContext({ select: (context) => context.session.workspaceId });
  return <ApiKeyChooser workspaceId={workspaceId} next={next} missing={missing} />;
}
