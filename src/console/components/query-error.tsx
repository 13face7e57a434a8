import { errorMessage } from '../lib/api-error';
import { Button } from './button';
import { FormAlert } from './form-alert';

/** A part of the page whose data could not be loaded: the server's message, and a second try. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <FormAlert message={errorMessage(error)} />
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
