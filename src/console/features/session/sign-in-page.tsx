import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { MemberWorkspace } from '#contract/workspace-access';
import { useCooldown } from '../../lib/use-cooldown';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { CreateWorkspaceSlot } from './create-workspace-slot';
import {
  LazyCheckInbox,
  LazyCompleteLogin,
  LazySignedInChooser,
  LazyWorkspaceChooser,
  loadCheckInbox,
  loadWorkspaceChooser,
} from './lazy-parts';
import { rememberedServer } from '../../lib/remembered-server';
import { SignInCard } from './sign-in-card';
import { type SignInMethod, SignInMethods } from './sign-in-methods';
import type { LoginLinkValues } from './sign-in-schema';
import type { LoginResult } from './use-complete-login';
import { useEnterWorkspace } from './use-enter-workspace';
import { useSendLoginLink } from './use-send-login-link';

export interface SignInSearch {
  redirect?: string | undefined;
  method?: SignInMethod | undefined;
  mode?: string | undefined;
  oobCode?: string | undefined;
  /** Signed in, with no workspace chosen for the page wanted: the chooser. */
  choose?: boolean | undefined;
}

interface SignInPageProps {
  search: SignInSearch;
  renderCreateWorkspace: (slot: CreateWorkspaceSlot) => ReactNode;
}

/** Seconds before another login link may be asked for; the service also limits them per minute. */
const resendAfterSeconds = 30;

/**
 * Sign-in in its states: the two ways in; "check your inbox" after a link was sent; the landing
 * of a link (Complete Login); the workspace chooser when the e-mail owns none or several.
 */
export function SignInPage({ search, renderCreateWorkspace }: SignInPageProps) {
  const navigate = useNavigate();
  const [baseUrl] = useState(rememberedServer);
  const [sent, setSent] = useState<{ email: string; baseUrl: string } | null>(null);
  const [login, setLogin] = useState<LoginResult | null>(null);
  const sending = useSendLoginLink(search.redirect);
  const cooldown = useCooldown(resendAfterSeconds);
  const enter = useEnterWorkspace(search.redirect);
  const landing = search.mode === 'signIn' && search.oobCode ? search.oobCode : null;
  useDocumentTitle('Sign in');
  // While the link's code is checked, the chooser that may follow is fetched.
  useEffect(() => {
    if (landing) void loadWorkspaceChooser();
  }, [landing]);

  const setSearch = useCallback(
    (patch: Partial<SignInSearch>) =>
      void navigate({ to: '/sign-in', search: (prev) => ({ ...prev, ...patch }), replace: true }),
    [navigate],
  );
  // The one-time code leaves the address bar (and history) once it is spent or refused.
  const dropCode = () => setSearch({ mode: undefined, oobCode: undefined });
  const dropChoice = useCallback(() => setSearch({ choose: undefined }), [setSearch]);
  const send = (values: LoginLinkValues) => {
    void loadCheckInbox();
    sending.mutate(values, {
      onSuccess: (result) => {
        setSent(result);
        cooldown.start();
      },
    });
  };
  const chooser = {
    baseUrl,
    onChoose: (workspace: MemberWorkspace) => void enter({ baseUrl, workspaceId: workspace.id }),
    renderCreateWorkspace,
    onStartOver: () => {
      setLogin(null);
      dropChoice();
    },
  };
  const onCompleted = (result: LoginResult) => {
    const [only, ...others] = result.workspaces;
    if (only && others.length === 0) return chooser.onChoose(only);
    setLogin(result);
    dropCode();
  };

  let content: ReactNode;
  if (login) {
    content = <LazyWorkspaceChooser login={login} {...chooser} />;
  } else if (search.choose) {
    content = <LazySignedInChooser onSignedOut={dropChoice} {...chooser} />;
  } else if (landing) {
    content = (
      <LazyCompleteLogin
        oobCode={landing}
        baseUrl={baseUrl}
        onCompleted={onCompleted}
        onStartOver={dropCode}
      />
    );
  } else if (sent) {
    content = (
      <LazyCheckInbox
        email={sent.email}
        baseUrl={sent.baseUrl}
        secondsLeft={cooldown.secondsLeft}
        resending={sending}
        onResend={() => send(sent)}
        onBack={() => {
          sending.reset();
          setSent(null);
        }}
      />
    );
  } else {
    content = (
      <SignInMethods
        method={search.method ?? 'link'}
        onMethodChange={(method) => setSearch({ method })}
        redirectTo={search.redirect}
        baseUrl={baseUrl}
        sending={sending}
        onSend={send}
      />
    );
  }

  return <SignInCard>{content}</SignInCard>;
}
