import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

/** The page's one h1, its lead text, and the tab title to match. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold break-words sm:text-3xl">{title}</h1>
      {children ? <p className="max-w-3xl text-sm text-muted">{children}</p> : null}
    </div>
  );
}
