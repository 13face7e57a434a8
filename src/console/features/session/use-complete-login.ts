import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { completeLogin, type SignedIn } from '#contract/workspace-access';
import { call } from '../../lib/api';
import { rememberPerson } from '../../lib/session';

export type LoginResult = SignedIn;

/**
 * Exchanges the link's one-time code for a session (the service sets its cookie; no token comes
 * back) and the person's workspaces with their roles, once per code: a second try would only be
 * told that the code was used (the ref also survives StrictMode's second effect run).
 */
export function useCompleteLogin(
  oobCode: string,
  baseUrl: string,
  onCompleted: (login: LoginResult) => void,
) {
  const completion = useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (code: string) =>
      (await call(completeLogin, { oobCode: code }, { credentials: { baseUrl } })).data,
    onSuccess: (login) => {
      // A person is signed in on this device now: a session that ends is worth a word.
      rememberPerson('');
      onCompleted(login);
    },
  });
  const { mutate } = completion;
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === oobCode) return;
    started.current = oobCode;
    mutate(oobCode);
  }, [oobCode, mutate]);
  return completion;
}
