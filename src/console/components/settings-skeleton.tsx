import { Card } from './card';
import { Skeleton } from './skeleton';

/** The shape of a settings form while it loads; assistive technology hears `label` instead. */
export function SettingsSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" className="space-y-6">
      <p role="status" className="sr-only">
        {label}
      </p>
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
    </div>
  );
}
