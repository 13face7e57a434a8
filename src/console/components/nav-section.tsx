import { useLocation } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { KeyArea } from '../lib/areas';

/** The key page segment of an address, `/keys/<id>/<segment>/…`, if it is one. */
const segmentOf = (pathname: string): string | undefined =>
  /^\/keys\/[^/]+\/([^/?#]+)/.exec(pathname)?.[1];

/**
 * A titled section of a key's pages that folds (the key's Settings): closed, it takes one line,
 * so that the navigation fits a 720 px high window however many settings pages there are; it is
 * open while one of its pages is shown, and the admin opens and closes it at will.
 */
export function NavSection({
  heading,
  pages,
  children,
}: {
  heading: string;
  pages: readonly KeyArea[];
  children: ReactNode;
}) {
  const current = useLocation({ select: (location) => segmentOf(location.pathname) });
  const inside = pages.some((page) => page.segment === current);
  const [open, setOpen] = useState(inside);
  const [wasInside, setWasInside] = useState(inside);
  // Arriving at one of its pages (a link elsewhere, the palette) opens it; adjusted while
  // rendering, as React advises for state that follows a prop.
  if (inside !== wasInside) {
    setWasInside(inside);
    if (inside) setOpen(true);
  }
  const id = `nav-key-${heading.toLowerCase()}`;
  return (
    <div>
      <button
        type="button"
        id={id}
        aria-expanded={open}
        aria-controls={`${id}-pages`}
        onClick={() => setOpen((was) => !was)}
        className="mt-2 flex w-full items-center justify-between rounded-md px-3 pt-1 pb-1 text-xs font-semibold text-muted uppercase hover:bg-surface-muted"
      >
        {heading}
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-90' : ''}`}
        >
          <path d="m9 6 6 6-6 6" />
        </svg>
      </button>
      <ul id={`${id}-pages`} aria-labelledby={id} hidden={!open} className="space-y-0.5">
        {children}
      </ul>
    </div>
  );
}
