import { type ComponentProps, lazy, Suspense } from 'react';
import type { OpenDialogProps } from './dialog';

// Radix and the dialog's frame load when a dialog first opens, or before, as the pointer or the
// focus comes to what opens one: a page whose dialogs open on demand does not carry them in its
// first load (scripts/bundle-budget.mjs).
export const loadDialog = () => import('./dialog');

const OpenDialog = lazy(async () => ({ default: (await loadDialog()).OpenDialog }));

/** An open dialog (OpenDialog), drawn once its code has loaded. */
export function LazyDialog(props: OpenDialogProps) {
  return (
    <Suspense fallback={null}>
      <OpenDialog {...props} />
    </Suspense>
  );
}

/** What a button that opens a dialog carries: it says so, and its intent starts the loading. */
export function dialogOpener(open?: boolean): ComponentProps<'button'> {
  const preload = () => void loadDialog();
  return {
    'aria-haspopup': 'dialog',
    ...(open === undefined ? {} : { 'aria-expanded': open }),
    onPointerEnter: preload,
    onFocus: preload,
  };
}
