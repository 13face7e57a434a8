import { Card } from './card';
import { Skeleton } from './skeleton';

/** The shape of a settings form while it loads (inside QueryState, which says what loads). */
export function SettingsSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Card className="space-y-5">
      <Skeleton className="h-5 w-32" />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center justify-between gap-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </div>
          <Skeleton className="h-6 w-11 rounded-full" />
        </div>
      ))}
    </Card>
  );
}
