import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';

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
      <Card className="flex items-center gap-4">
        <Skeleton className="size-12 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-56 max-w-full" />
        </div>
      </Card>
      <div className="space-y-3">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
