import { dismissToast, type ToastTone, useToasts } from '../lib/toaster';
import { CloseIcon } from './icons';

const tones: Record<ToastTone, string> = {
  error: 'border-danger',
  success: 'border-success',
  info: 'border-accent',
};

/** The notifications area; a polite live region, so new messages are read out without stealing focus. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[calc(100vw-2rem)] max-w-sm flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 bg-surface p-4 text-text shadow-lg ring-1 ring-border ${tones[toast.tone]}`}
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{toast.title}</p>
            {toast.message ? (
              <p className="mt-1 text-sm break-words text-muted">{toast.message}</p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="-m-1 rounded-md p-1 text-muted hover:bg-surface-muted hover:text-text"
            aria-label="Dismiss notification"
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
