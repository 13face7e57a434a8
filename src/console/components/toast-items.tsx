import { dismissToast, type Toast, type ToastTone } from '../lib/toaster';
import { CloseIcon } from './control-icons';

const tones: Record<ToastTone, string> = {
  error: 'border-danger',
  success: 'border-success',
  info: 'border-accent',
};

/** The toasts of the notifications area (toaster.tsx), loaded with the first toast. */
export function ToastItems({ toasts }: { toasts: readonly Toast[] }) {
  return toasts.map((toast) => (
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
  ));
}
