/**
 * The IDs typed in a search box (separated by spaces or commas), each once, or why they cannot be
 * searched: the list endpoints take at most `max` IDs per call.
 */
export function idsFromText(
  text: string | undefined,
  max: number,
): { ids: string[] | undefined; problem?: string } {
  const ids = [...new Set((text ?? '').split(/[\s,]+/).filter(Boolean))];
  if (ids.length === 0) return { ids: undefined };
  if (ids.length > max) {
    return { ids: undefined, problem: `Search at most ${max} IDs at once (${ids.length} given).` };
  }
  return { ids };
}
