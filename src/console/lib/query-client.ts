import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage, retryable } from './api-error';
import { toast } from './toaster';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller shows the error where it happened (a form), so no toast. */
      inlineErrors?: boolean;
      /**
       * The mutation checks credentials it was given (sign-in with a token): UNAUTHENTICATED is its
       * answer to show, not a sign that the stored session expired.
       */
      ownCredentials?: boolean;
    };
  }
}

export interface ErrorPolicy {
  /**
   * Called when the service no longer accepts the tab's credentials (a session that expired or
   * was revoked, a token that was reset), with its refusal.
   */
  onUnauthenticated: (error: ApiError) => void;
  /** Called when it no longer accepts the token of an API key (reset elsewhere, say). */
  onApiKeyRefused: (apiKeyId: string) => void;
}

const maxRetries = 2;

function isUnauthenticated(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 'UNAUTHENTICATED';
}

function refuse(error: ApiError, policy: ErrorPolicy): void {
  const refused = error.presented;
  if (refused?.kind !== 'apiKey') policy.onUnauthenticated(error);
  else if (refused.id) policy.onApiKeyRefused(refused.id);
}

/**
 * Retries only what may pass on a second try (`retryable`, the rule every error display shows),
 * and only answers of the service: any other error is the console's own. An answer that says when
 * to come back (Retry-After) is left to the error's countdown, in sight, rather than waited for
 * unseen; a 4xx is the same on every try, so retrying it only delays the message.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return (
    failureCount < maxRetries &&
    error instanceof ApiError &&
    retryable(error) &&
    error.retryAt === undefined
  );
}

export function createQueryClient(policy: ErrorPolicy): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthenticated(error)) {
          refuse(error, policy);
          return;
        }
        // A first load shows its error in the page; only a failed refresh of data that is already
        // on screen would otherwise go unnoticed.
        if (query.state.data !== undefined) {
          toast({
            tone: 'error',
            title: 'Could not refresh the data',
            message: errorMessage(error),
          });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        // An expired session sends the admin to sign in even from a form that shows its errors.
        if (isUnauthenticated(error) && !mutation.meta?.ownCredentials) {
          refuse(error, policy);
          return;
        }
        if (mutation.meta?.inlineErrors) return;
        toast({ tone: 'error', title: 'The change was not saved', message: errorMessage(error) });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
