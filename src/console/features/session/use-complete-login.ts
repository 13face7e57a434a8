import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { completeLogin } from '#contract/workspace';
import { call } from '../../lib/api';

export type LoginResult = z.output<typeof completeLogin.data>;

/**
 * Exchanges the link's one-time code for the admin's workspaces, once per code: a second try would
 * only be told that the code was used (the ref also survives StrictMode's second effect run).
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
    onSuccess: onCompleted,
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
