import type { ReactNode } from 'react';
import { QueryError } from './query-error';
import { Skeleton } from './skeleton';

/** What QueryState needs of a query: React Query's result fits as it is. */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** A part that is loading: its shape for the eye, `label` for assistive technology. */
export function Pending({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div aria-busy="true" className="space-y-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Heard while loading, e.g. "Loading the endpoints…". */
  loading: string;
  /** The shape of the content while it loads; a plain block when not given. */
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The one way a part of a page shows its query: the skeleton while loading, the server's message
 * with "Try again" (or what to do, when a retry cannot help) when it failed, and the content once
 * the data is there.
 */
export function QueryState<T>({ query, loading, skeleton, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return <Pending label={loading}>{skeleton ?? <Skeleton className="h-24 w-full" />}</Pending>;
  }
  if (query.isError || query.data === undefined) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
