/**
 * A text filter's box in a wrapping row of filters: it starts 12rem wide (an ID and a few words)
 * and shares the line's spare room, so that on a phone it takes a line of its own rather than
 * shrink beside the others (a basis of 0 let four of them share 100 px, 15 px inputs under
 * labels drawn over one another).
 */
export const textFilterBox = 'min-w-0 flex-[1_1_12rem] space-y-1 sm:max-w-xs';

/** A choice in a filter row: as wide as its longest option, never too narrow to read one. */
export const selectFilter =
  'block h-9 w-full min-w-32 rounded-md border border-border bg-surface px-2 text-sm text-text';
