import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keySegmentOf } from '../../lib/key-path';
import { type Session, updateSession } from '../../lib/session';
import { apiKeyCredentials } from './key-credentials';

/** Where the key's route is asked to open a key: the address, and whether it only preloads. */
export interface KeyRequest {
  apiKeyId: string;
  pathname: string;
  preload: boolean;
}

/**
 * What the pages of one API key call with (its token, for a sign-in with the workspace token; its
 * id, for a person's session), for the key's route, which loads this when a key page opens: a key
 * the workspace does not have sends the admin to choose one, for the same page.
 */
export async function openKey(
  queryClient: QueryClient,
  session: Session,
  { apiKeyId, pathname, preload }: KeyRequest,
): Promise<ApiKeyCredentials> {
  try {
    const apiKey = await apiKeyCredentials(queryClient, session, apiKeyId);
    // Old addresses and the navigation lead to the key opened last; hovering a link is not opening.
    if (!preload && session.apiKey !== apiKey.id) updateSession({ apiKey: apiKey.id });
    return apiKey;
  } catch (error) {
    if (isApiError(error) && ['NOT_FOUND', 'INVALID_ARGUMENT'].includes(error.status)) {
      throw redirect({
        to: '/keys',
        search: { next: keySegmentOf(pathname), missing: apiKeyId },
        replace: true,
      });
    }
    throw error;
  }
}
