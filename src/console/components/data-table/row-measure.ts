import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useState } from 'react';

/** How the table learns the height of its rendered rows. */
export interface RowMeasure {
  /** Called with a row element as it is added (and null as it is removed): follows its size. */
  observe: (row: HTMLElement | null) => void;
  /** Tells the virtualizer the row's height now: when the element starts showing another row. */
  measure: (row: HTMLElement) => void;
}

/**
 * Row heights for the virtualizer, from one ResizeObserver for every row element. The
 * virtualizer's own `measureElement` keeps each row's element by the row's key and walks all of
 * them whenever an element goes; with elements reused for other rows (row-slots.ts) that list
 * only grew, and walking it took most of a scroll frame at 100,000 rows.
 */
export function useRowMeasure(virtualizer: Virtualizer<HTMLDivElement, Element>): RowMeasure {
  const [measure] = useState(() => (row: HTMLElement) => {
    const index = Number(row.dataset.index);
    if (Number.isInteger(index)) virtualizer.resizeItem(index, row.offsetHeight);
  });
  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver((entries) => {
          for (const entry of entries) {
            if (entry.target instanceof HTMLElement) measure(entry.target);
          }
        }),
  );
  const [observed] = useState(() => new Set<HTMLElement>());
  const [observe] = useState(() => (row: HTMLElement | null) => {
    if (row) {
      observed.add(row);
      observer?.observe(row);
      return;
    }
    // React gives no element on removal: let go of those no longer in the document.
    for (const element of observed) {
      if (!element.isConnected) {
        observer?.unobserve(element);
        observed.delete(element);
      }
    }
  });
  useEffect(() => () => observer?.disconnect(), [observer]);
  return { observe, measure };
}
