import { expect, type Locator, type Page, type Request } from '@playwright/test';

/**
 * Scrolls a grid's box down a screenful a frame, as a wheel would, reading every page on the way,
 * until its end is in view and its footer says `footer` ("150 documents."). The table reuses the
 * row elements it drew first for the rows that come into view, so the rows at the end are drawn
 * in elements that showed rows from the top.
 */
export async function scrollToEnd(grid: Locator, footer: string): Promise<void> {
  await grid.locator('xpath=..').evaluate(async (box, expected) => {
    const foot = box.nextElementSibling;
    const deadline = Date.now() + 30_000;
    const atEnd = () => box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
    while ((foot?.textContent?.trim() !== expected || !atEnd()) && Date.now() < deadline) {
      box.scrollTop += box.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, footer);
  await expect(grid.page().getByText(footer, { exact: true })).toBeVisible();
}

/** The drawn row at `index` (0 for the first row of the list), by its place, not its element. */
export function rowAt(grid: Locator, index: number): Locator {
  return grid.locator(`tr[data-index="${index}"]`);
}

const isCallTo = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === path;

/**
 * What the console sent to `path` while `act` ran: the request's `data`, as the service received
 * it (one call is expected).
 */
export async function sentData(page: Page, path: string, act: () => Promise<void>) {
  const sent = page.waitForRequest(isCallTo(path));
  await act();
  return ((await sent).postDataJSON() as { data: unknown }).data;
}

/** `count` IDs that sort in the order they are numbered: `doc-000`, `doc-001` … */
export function numberedIds(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) => `${prefix}-${String(n).padStart(3, '0')}`);
}
