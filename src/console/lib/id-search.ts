import { idRef } from '#contract/ids';

/**
 * The ids of a text that holds one a line: each line trimmed, blank lines left out, each id once.
 * Spaces, commas and URL characters inside a line are part of its id (an id may hold them all), so
 * a line is never split: only a line break separates two ids, and no id can hold one.
 */
export function idLines(text: string | undefined): string[] {
  const ids = (text ?? '').split(/\r\n|[\n\r]/).map((line) => line.trim());
  return [...new Set(ids.filter(Boolean))];
}

/** Ids written one a line, as the boxes that take several read them back. */
export const linesOf = (ids: readonly string[]): string => ids.join('\n');

const lookupId = idRef();

/**
 * The IDs typed in a search box (one a line), each once, or why they cannot be searched: the
 * list endpoints take at most `max` IDs per call, each an id the service could have stored.
 */
export function idsFromText(
  text: string | undefined,
  max: number,
): { ids: string[] | undefined; problem?: string } {
  const ids = idLines(text);
  if (ids.length === 0) return { ids: undefined };
  if (ids.length > max) {
    return { ids: undefined, problem: `Search at most ${max} IDs at once (${ids.length} given).` };
  }
  for (const [index, id] of ids.entries()) {
    const issue = lookupId.safeParse(id).error?.issues[0];
    if (issue) {
      return {
        ids: undefined,
        problem: `ID ${index + 1} cannot be searched: it ${issue.message}.`,
      };
    }
  }
  return { ids };
}
