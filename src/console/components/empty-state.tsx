import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  /** What to do about it, e.g. the button that creates the first item. */
  action?: ReactNode;
}

/** A list with nothing in it yet: what that means and how to start. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="rounded-md border border-dashed border-border p-6 text-center">
      <p className="font-medium">{title}</p>
      {children ? <p className="mt-1 text-sm text-muted">{children}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
