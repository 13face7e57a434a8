import { type MouseEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import { rowControls } from './column';

interface DataTableRowProps {
  /** The row shown: the element is reused for another row as the table scrolls. */
  rowKey: string;
  index: number;
  /** Offset from the top of the body, in px. */
  top: number;
  tracks: string;
  /** The row in the tab order: the grid's one tab stop. */
  active: boolean;
  /** Marked as the one open (its details are shown), if any. */
  current: boolean;
  /** Follows the element's size (a stable callback: it is a ref). */
  observe: (node: HTMLTableRowElement | null) => void;
  /** Reports the element's height for the row it now shows. */
  measure: (node: HTMLTableRowElement) => void;
  onActivate: (index: number) => void;
  onOpen: (() => void) | undefined;
  children: ReactNode;
}

export const bodyCell = 'min-w-0 px-3 py-2.5 align-top break-words';

/**
 * One rendered row. It takes the focus itself (arrow keys move between rows); the controls in its
 * cells are in the tab order only while it is the active row, so the grid stays one tab stop.
 */
export function DataTableRow({
  rowKey,
  index,
  top,
  tracks,
  active,
  current,
  observe,
  measure,
  onActivate,
  onOpen,
  children,
}: DataTableRowProps) {
  const row = useRef<HTMLTableRowElement | null>(null);
  const shown = useRef<string | undefined>(undefined);
  // Cells render whatever their column gives, so their controls are reached through the DOM.
  useLayoutEffect(() => {
    row.current?.querySelectorAll<HTMLElement>(rowControls).forEach((control) => {
      control.tabIndex = active ? 0 : -1;
    });
    if (shown.current === rowKey || !row.current) return;
    // The focus belongs to the row, not to the element: when the element now shows another row,
    // the focus leaves it as it would leave a row scrolled out of the window.
    const focused = document.activeElement;
    if (shown.current !== undefined && focused instanceof HTMLElement) {
      if (row.current.contains(focused)) focused.blur();
    }
    shown.current = rowKey;
    measure(row.current);
  });

  function onClick(event: MouseEvent<HTMLTableRowElement>) {
    // A click on a control in the row is that control's; a click elsewhere opens the row.
    if (!onOpen || (event.target as HTMLElement).closest(rowControls)) return;
    onOpen();
  }

  return (
    <tr
      ref={(node) => {
        row.current = node;
        observe(node);
      }}
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      aria-current={current || undefined}
      tabIndex={active ? 0 : -1}
      className={`absolute top-0 left-0 grid w-full border-b border-border outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset aria-[current=true]:bg-surface-muted aria-[current=true]:shadow-[inset_4px_0_0_var(--c-accent)] ${onOpen ? 'cursor-pointer' : ''}`}
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: tracks }}
      onFocus={() => onActivate(index)}
      onClick={onClick}
    >
      {children}
    </tr>
  );
}
