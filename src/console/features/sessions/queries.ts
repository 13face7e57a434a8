import { queryOptions } from '@tanstack/react-query';
import { getSessions } from '#contract/sessions';
import { call } from '../../lib/api';

/** Query keys of the sessions area: the signed-in person's sessions, whatever the workspace. */
export const sessionsQueries = {
  all: () => ['sessions'] as const,
  /** Every session of the person, this one marked `current` (at most 50: no pages). */
  mine: () =>
    queryOptions({
      queryKey: [...sessionsQueries.all(), 'mine'] as const,
      queryFn: async ({ signal }) => (await call(getSessions, undefined, { signal })).data.sessions,
      // Last seen moves with every request; read again on opening.
      staleTime: 0,
    }),
};
