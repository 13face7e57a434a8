import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../lib/get-json';

/** What `GET /dev/outbox` lists: mail the service kept because it has no SMTP server. */
const outboxSchema = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      link: z.string().optional(),
      sentAt: z.string(),
    }),
  ),
});

export type OutboxMessage = z.infer<typeof outboxSchema>['messages'][number];

/** Query keys of the session area (sign-in and the local outbox), generic to specific. */
export const sessionQueries = {
  all: () => ['session'] as const,
  /** Fails when the service sends real mail: then there is no outbox to show. */
  outbox: (baseUrl: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'outbox', baseUrl] as const,
      queryFn: async ({ signal }) =>
        (await getJson('/dev/outbox', outboxSchema, { baseUrl, signal })).messages,
    }),
};
