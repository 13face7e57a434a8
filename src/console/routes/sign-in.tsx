import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInPage } from '../features/session/sign-in-page';
import { CreateWorkspaceButton } from '../features/workspace/create-workspace-button';

const searchSchema = z.object({
  redirect: z.string().optional().catch(undefined),
  method: z.enum(['link', 'token']).optional().catch(undefined),
  // A login link lands here with `mode=signIn&oobCode=…`.
  mode: z.string().optional().catch(undefined),
  oobCode: z.string().optional().catch(undefined),
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
