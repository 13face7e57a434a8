import { useEffect } from 'react';

const appName = 'Workspace console';

/** Each page names itself in the tab title, which is also what screen readers announce first. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title]);
}
