import { useSyncExternalStore } from 'react';

export type ToastTone = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  message?: string;
}

const autoDismissMs = 8000;
const maxVisible = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(toasts.filter((toast) => toast.id !== id));
}

/**
 * Shows a notification. It lives outside React so that the query client's global error policy,
 * which runs outside any component, can raise one too.
 */
export function toast(input: Omit<Toast, 'id'>): number {
  const id = nextId++;
  emit([...toasts, { ...input, id }].slice(-maxVisible));
  window.setTimeout(() => dismissToast(id), autoDismissMs);
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
