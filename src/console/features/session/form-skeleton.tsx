import { Skeleton } from '../../components/skeleton';

/** Stands in for a part of the sign-in page while its code loads. */
export function FormSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
