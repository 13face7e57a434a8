import { Suspense } from 'react';
import { Tabs } from '../../components/tabs';
import { FormSkeleton } from './form-skeleton';
import { LazySignInForm, loadSignInForm } from './lazy-parts';
import { LoginLinkForm } from './login-link-form';
import type { LoginLinkValues } from './sign-in-schema';
import type { useSendLoginLink } from './use-send-login-link';

export type SignInMethod = 'link' | 'token';

const methods = [
  { id: 'link', label: 'E-mail link' },
  { id: 'token', label: 'Workspace ID and token' },
] as const;

interface SignInMethodsProps {
  method: SignInMethod;
  onMethodChange: (method: SignInMethod) => void;
  redirectTo: string | undefined;
  baseUrl: string;
  sending: ReturnType<typeof useSendLoginLink>;
  onSend: (values: LoginLinkValues) => void;
}

/** The two ways in, as tabs: a login link by e-mail, or a workspace ID and its auth token. */
export function SignInMethods({
  method,
  onMethodChange,
  redirectTo,
  baseUrl,
  sending,
  onSend,
}: SignInMethodsProps) {
  return (
    <>
      <h1 className="text-xl font-semibold">Sign in to a workspace</h1>
      <p className="mt-1 mb-6 text-sm text-muted">
        {method === 'link'
          ? 'Get a one-time sign-in link by e-mail, then choose one of your workspaces.'
          : 'Use the workspace ID and workspace auth token that Create Workspace returned.'}
      </p>
      {/* Hovering or focusing the tabs fetches the other form before it is chosen. */}
      <div onPointerEnter={() => void loadSignInForm()} onFocus={() => void loadSignInForm()}>
        <Tabs
          label="Way to sign in"
          idPrefix="sign-in"
          tabs={methods}
          selected={method}
          onSelect={onMethodChange}
        >
          {method === 'link' ? (
            <LoginLinkForm baseUrl={baseUrl} sending={sending} onSend={onSend} />
          ) : (
            <Suspense fallback={<FormSkeleton />}>
              <LazySignInForm redirectTo={redirectTo} baseUrl={baseUrl} />
            </Suspense>
          )}
        </Tabs>
      </div>
    </>
  );
}
