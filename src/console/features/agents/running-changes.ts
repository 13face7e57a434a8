interface Started {
  id: string;
  startedAt: number;
}

interface ShownRow extends Started {
  status: string;
}

/**
 * Whether the executions running now (the poll's answer, under the list's filters) differ from what
 * the loaded list shows: one the list shows running has finished, or one runs that belongs among
 * the loaded rows but is not there (it started since the list was read). A running execution
 * beyond the loaded rows is not a change: it appears when the table scrolls to it.
 */
export function runningChanged(
  shown: readonly ShownRow[],
  running: readonly Started[],
  order: 'asc' | 'desc',
  complete: boolean,
): boolean {
  const runningNow = new Set(running.map((execution) => execution.id));
  const shownIds = new Set<string>();
  let oldest = Infinity;
  let newest = -Infinity;
  for (const row of shown) {
    if (row.status === 'running' && !runningNow.has(row.id)) return true;
    shownIds.add(row.id);
    oldest = Math.min(oldest, row.startedAt);
    newest = Math.max(newest, row.startedAt);
  }
  return running.some((execution) => {
    if (shownIds.has(execution.id)) return false;
    if (complete) return true;
    // The loaded rows run from the list's start up to the last loaded one.
    return order === 'desc' ? execution.startedAt >= oldest : execution.startedAt <= newest;
  });
}
