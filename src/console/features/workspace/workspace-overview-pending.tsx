import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';

/** The overview's shape while it loads, so nothing jumps when the data arrives. */
export function WorkspaceOverviewPending() {
  return (
    <div className="space-y-8" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the workspace…
      </p>
      <div className="space-y-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <Card className="space-y-4">
        <Skeleton className="h-5 w-16" />
        <div className="flex items-center gap-4">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-56 max-w-full" />
          </div>
        </div>
        <Skeleton className="h-8 w-48" />
      </Card>
      <div className="space-y-3">
        <div className="flex items-end justify-between">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-10 w-36" />
        </div>
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}
