import { errorMessage } from '../lib/api-error';
import { FormAlert } from './form-alert';
import { type Recovery, RetryOrAdvice } from './retry-or-advice';

interface QueryErrorProps {
  error: unknown;
  onRetry: () => void;
  recover?: Recovery | undefined;
}

/**
 * A part of the page whose data could not be loaded: the server's message, then a second try
 * when one can help, or what to do instead.
 */
export function QueryError({ error, onRetry, recover }: QueryErrorProps) {
  return (
    <div className="space-y-3">
      <FormAlert message={errorMessage(error)} />
      <div className="flex flex-wrap items-center gap-3">
        <RetryOrAdvice error={error} onRetry={onRetry} recover={recover} />
      </div>
    </div>
  );
}
