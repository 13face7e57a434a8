import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { z } from 'zod';
import { SignInPage } from '../features/session/sign-in-page';

// Only the workspace chooser, after a login link, shows it: it loads then, not with the page.
const CreateWorkspaceButton = lazy(async () => ({
  default: (await import('../features/workspace/create-workspace-button')).CreateWorkspaceButton,
}));

const searchSchema = z.object({
  redirect: z.string().optional().catch(undefined),
  method: z.enum(['link', 'token']).optional().catch(undefined),
  // A login link lands here with `mode=signIn&oobCode=…`.
  mode: z.string().optional().catch(undefined),
  oobCode: z.string().optional().catch(undefined),
  choose: z.boolean().optional().catch(undefined),
});

export const Route = createFileRoute('/sign-in')({
  validateSearch: searchSchema,
  component: SignInRoute,
});

function SignInRoute() {
  const search = Route.useSearch();
  return (
    <SignInPage
      search={search}
      renderCreateWorkspace={(slot) => <CreateWorkspaceButton {...slot} />}
    />
  );
}
