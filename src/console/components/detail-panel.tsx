import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from './button';

interface DetailPanelProps {
  /** Unique among the page's panels: it names the heading the section is labelled by. */
  id: string;
  title: ReactNode;
  /** Beside the title, e.g. a status badge. */
  badge: ReactNode;
  /** Under the title, before the panel's body. */
  summary: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A row of a list opened below it: a titled section with Close. Its heading takes the focus when
 * it opens (from the table by keyboard, reading continues here) and when another row replaces it.
 */
export function DetailPanel({ id, title, badge, summary, onClose, children }: DetailPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `detail-${id}`;
  useEffect(() => heading.current?.focus(), [id]);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-md border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 text-sm font-semibold outline-none"
          >
            <span className="wrap-anywhere">{title}</span>
            {badge}
          </h3>
          {summary}
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {children}
    </section>
  );
}
