import { lazy, Suspense } from 'react';
import { useToasts } from '../lib/toaster';

// The toasts themselves load with the first one; the live region is there from the first paint,
// so that a screen reader is listening when the first message arrives.
const ToastItems = lazy(() =>
  import('./toast-items').then(({ ToastItems: items }) => ({ default: items })),
);

/** The notifications area; a polite live region, so new messages are read out without stealing focus. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[calc(100vw-2rem)] max-w-sm flex-col gap-2"
    >
      {toasts.length > 0 ? (
        <Suspense>
          <ToastItems toasts={toasts} />
        </Suspense>
      ) : null}
    </section>
  );
}
