import type { User } from '#contract/common';
import { getUsers } from '#contract/users';
import { call } from './api';
import type { ApiKeyCredentials } from './api-key';
import { keyQueryOptions } from './key-query';

/** How many of an organization's users are offered as suggestions; others are typed by ID. */
export const USER_SUGGESTIONS = 200;

/**
 * The first users of an organization, as suggestions for the fields that name a user (Get Users).
 * Under the users area's key (`['users', apiKeyId]`), so that adding users refreshes them.
 */
export const organizationUsers = (apiKey: ApiKeyCredentials, organizationId: string) =>
  keyQueryOptions(
    ['users', apiKey.id, 'suggestions', organizationId] as const,
    async (signal): Promise<User[]> => {
      const answer = await call(
        getUsers,
        { organizationId, pageSize: USER_SUGGESTIONS },
        { apiKey, signal },
      );
      return Array.isArray(answer.data) ? answer.data : Object.values(answer.data).flat();
    },
  );
