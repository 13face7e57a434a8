import { ApiError, errorAdvice, retryable } from '../lib/api-error';
import { useSecondsUntil } from '../lib/use-seconds-until';
import { Button } from './button';

/** A way out of an error that a retry does not fix, such as "Clear filters". */
export interface Recovery {
  label: string;
  onClick: () => void;
}

interface RetryOrAdviceProps {
  error: unknown;
  onRetry: () => void;
  /** Offered, with the advice, when a retry would get the same answer. */
  recover?: Recovery | undefined;
}

/**
 * What follows an error's message everywhere: "Try again" when a retry can fix it (after the wait
 * the service asked for), otherwise what to do instead. `retryable` decides, never the caller.
 */
export function RetryOrAdvice({ error, onRetry, recover }: RetryOrAdviceProps) {
  const wait = useSecondsUntil(error instanceof ApiError ? error.retryAt : undefined);
  if (retryable(error)) {
    return (
      <Button variant="secondary" size="sm" disabled={wait > 0} onClick={onRetry}>
        {wait > 0 ? `Try again in ${wait} s` : 'Try again'}
      </Button>
    );
  }
  const advice = errorAdvice(error);
  return (
    <>
      {advice ? <span className="text-sm text-muted">{advice}</span> : null}
      {recover ? (
        <Button variant="secondary" size="sm" onClick={recover.onClick}>
          {recover.label}
        </Button>
      ) : null}
    </>
  );
}
