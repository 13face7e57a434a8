import { errorMessage } from '../../lib/api-error';
import { Button } from '../button';
import { RetryOrAdvice } from '../retry-or-advice';
import type { TableStatus } from './table-status';

interface DataTableFooterProps {
  count: number;
  noun: [one: string, many: string];
  status: TableStatus;
}

/**
 * How many rows are loaded, and the next page: loading by itself, or by hand after a failure that
 * a retry can fix.
 */
export function DataTableFooter({ count, noun, status }: DataTableFooterProps) {
  const counted = `${count.toLocaleString()} ${count === 1 ? noun[0] : noun[1]}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
      <p role="status">
        {status.hasMore ? `${counted} loaded; more load as you scroll.` : `${counted}.`}
      </p>
      {status.loadMoreError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-danger">
          {errorMessage(status.loadMoreError)}
          <RetryOrAdvice error={status.loadMoreError} onRetry={status.onLoadMore} />
        </p>
      ) : status.hasMore ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={status.loadingMore}
          onClick={status.onLoadMore}
        >
          {status.loadingMore ? 'Loading more…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
