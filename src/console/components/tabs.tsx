import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: string;
}

interface TabsProps<K extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  /** Prefix of the element IDs, unique on the page. */
  idPrefix: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * Tabs in the ARIA pattern: one tab stop for the list, arrow keys (and Home/End) move between tabs
 * and select them, and the panel is labelled by its tab.
 */
export function Tabs<K extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  children,
}: TabsProps<K>) {
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: K) => `${idPrefix}-tab-${id}`;
  const panelId = `${idPrefix}-panel`;

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${tabId(tab.id)}`)?.focus();
  }

  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="grid grid-flow-col gap-1 rounded-lg bg-surface-muted p-1"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-muted hover:text-text aria-selected:bg-surface aria-selected:text-text aria-selected:shadow-sm"
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="pt-6">
        {children}
      </div>
    </div>
  );
}
