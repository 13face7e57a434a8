import { queryOptions } from '@tanstack/react-query';
import { getCurrentSession } from '#contract/sessions';
import { call } from './api';

/**
 * Who is signed in with the session cookie this browser holds, and their workspaces with their
 * role in each (Get Current Session): what a new tab asks before anything else, and where the
 * console reads the person's role. Refreshed like any read, so that a role changed by the owner
 * shows here soon; the service holds it on the very next request anyway.
 */
export const currentSessionQuery = (baseUrl: string) =>
  queryOptions({
    queryKey: ['session', 'current', baseUrl] as const,
    queryFn: async ({ signal }) =>
      (await call(getCurrentSession, undefined, { signal, credentials: { baseUrl } })).data,
  });
