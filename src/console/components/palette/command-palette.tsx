import { useRouter } from '@tanstack/react-router';
import { type KeyboardEvent, type RefObject, useEffect, useId, useState } from 'react';
import { resultCountText } from '../../lib/palette-match';
import { Dialog, DialogContent } from '../dialog';
import type { PaletteItem, ShellControls } from './palette-items';
import { usePaletteResults } from './use-palette-results';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What had the focus when the palette opened (the button, or the page under ⌘K). */
  returnFocusTo: RefObject<HTMLElement | null>;
  shell: ShellControls;
}

/**
 * The command palette, loaded the first time it opens: a modal dialog holding a combobox whose
 * listbox groups the results (WAI-ARIA combobox pattern). The focus stays in the input; the arrow
 * keys, Home and End move the active option, Enter opens it, Escape closes the palette.
 */
export function CommandPalette({ open, onOpenChange, returnFocusTo, shell }: CommandPaletteProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Command palette"
        description="Go to a page, find an organization, folder, document or user by ID or name, or run an action."
        returnFocusTo={returnFocusTo}
      >
        <PaletteSearch shell={shell} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PaletteSearch({ shell, onDone }: { shell: ShellControls; onDone: () => void }) {
  const router = useRouter();
  const [typed, setTyped] = useState('');
  const [activeKey, setActiveKey] = useState<string | undefined>(undefined);
  const { groups, searching, problem } = usePaletteResults(typed, shell);
  const listboxId = useId();
  const hintId = useId();

  const items = groups.flatMap((group) => group.items);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );
  const active = items[activeIndex];
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useEffect(() => {
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (item: PaletteItem) => {
    onDone();
    if ('href' in item.run) void router.navigate({ href: item.run.href });
    else item.run.action();
  };

  const moveTo = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (item) setActiveKey(item.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex + 1),
      ArrowUp: () => moveTo(activeIndex - 1),
      Home: () => moveTo(0),
      End: () => moveTo(items.length - 1),
      Enter: () => {
        if (active) choose(active);
      },
    };
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    move();
  };

  // Read out once the results are in, not at every keystroke.
  const announcement = searching
    ? ''
    : [resultCountText(items.length), problem].filter(Boolean).join('. ');
  let index = 0;

  return (
    <div className="space-y-3">
      <input
        type="text"
        role="combobox"
        aria-label="Search pages, data and actions"
        aria-expanded={items.length > 0}
        aria-controls={items.length > 0 ? listboxId : undefined}
        aria-activedescendant={active ? optionId(activeIndex) : undefined}
        aria-autocomplete="list"
        aria-describedby={hintId}
        // Radix would focus the first control, the close button; the search comes first here.
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a page, a name or an ID…"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setActiveKey(undefined);
        }}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-text placeholder:text-muted"
      />
      {items.length > 0 ? (
        <div
          role="listbox"
          id={listboxId}
          aria-label="Results"
          className="-mx-2 max-h-[min(24rem,50vh)] overflow-y-auto"
        >
          {groups.map((group) => {
            const labelId = `${listboxId}-${group.name.replace(/\W+/g, '-')}`;
            return (
              <div key={group.name} role="group" aria-labelledby={labelId}>
                <div
                  role="presentation"
                  id={labelId}
                  className="px-2 pt-2 pb-1 text-xs font-semibold text-muted uppercase"
                >
                  {group.name}
                </div>
                {group.items.map((item) => {
                  const itemIndex = index++;
                  const selected = itemIndex === activeIndex;
                  return (
                    <div
                      key={item.key}
                      id={optionId(itemIndex)}
                      role="option"
                      aria-selected={selected}
                      // The focus stays in the input; a click only chooses.
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseMove={() => setActiveKey(item.key)}
                      onClick={() => choose(item)}
                      className={`cursor-pointer rounded-md px-2 py-1.5 text-sm ${
                        selected ? 'bg-accent-soft text-accent-soft-fg' : 'text-text'
                      }`}
                    >
                      <span className="block break-words">{item.label}</span>
                      {item.detail ? (
                        <span
                          className={`block text-xs wrap-anywhere ${selected ? '' : 'text-muted'}`}
                        >
                          {item.detail}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      ) : null}
      <p className="text-xs text-muted">
        {searching ? 'Searching the key’s data… ' : null}
        {problem}
      </p>
      <p id={hintId} className="hidden text-xs text-muted sm:block">
        ↑ ↓ choose · Enter opens · Esc closes
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
