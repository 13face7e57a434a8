import { Card } from '../../components/card';
import { CenteredPage } from '../../components/centered-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SignInForm } from './sign-in-form';

export function SignInPage({ redirectTo }: { redirectTo: string | undefined }) {
  useDocumentTitle('Sign in');
  return (
    <CenteredPage>
      <Card className="p-6 sm:p-8">
        <h1 id="sign-in-heading" className="text-xl font-semibold">
          Sign in to a workspace
        </h1>
        <p className="mt-1 mb-6 text-sm text-muted">
          Use the workspace ID and workspace auth token that Create Workspace returned.
        </p>
        <SignInForm redirectTo={redirectTo} />
      </Card>
      <p className="mt-4 px-1 text-sm text-muted">
        Signing in with a login link sent by e-mail is not built yet; it will come in a later
        version of the console.
      </p>
    </CenteredPage>
  );
}
