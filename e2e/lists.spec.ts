import { expect, test } from '@playwright/test';
import {
  createEndpoints,
  endpoints,
  openWebhooks,
  updateWebhookConfig,
  workspaceWithKey,
} from './support/webhooks';

// More endpoints than one page of the table's (100).
const total = 110;

test('the endpoints table: pages load as it scrolls, rows move by keyboard, filters and sort live in the address', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { workspace, key, credentials } = await workspaceWithKey(request, 'margaret');
  await updateWebhookConfig(request, credentials, { isEnabled: true });
  await createEndpoints(request, credentials, total);
  // The table's own order is the service's: creation.
  const stored = (await endpoints(request, credentials, total)).map((endpoint) => endpoint.url);
  expect(stored).toHaveLength(total);
  await openWebhooks(page, workspace, key);

  const grid = page.getByRole('grid', { name: 'Endpoints' });
  const rows = grid.getByRole('row');
  // Virtualized: a page of 100 is loaded, a screenful of rows is in the DOM.
  await expect(page.getByText('100 endpoints loaded; more load as you scroll.')).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', '-1');
  expect(await rows.count()).toBeLessThan(60);

  // One tab stop: the first row. ↓ moves, End goes to the last loaded row, whose coming into
  // view loads the next page; Home goes back.
  const focused = page.locator('tr:focus');
  await rows.nth(1).focus();
  await expect(focused).toContainText(stored[0] ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(focused).toContainText(stored[1] ?? '');
  await expect(focused).toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press('End');
  await expect(focused).toHaveAttribute('aria-rowindex', '101');
  await expect(page.getByText(`${total} endpoints.`)).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', String(total + 1));
  await page.keyboard.press('End');
  await expect(focused).toContainText(stored.at(-1) ?? '');
  await page.keyboard.press('Home');
  await expect(focused).toContainText(stored[0] ?? '');
  // From the row, → reaches its link; ← comes back to the row.
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(':focus')).toHaveText(stored[0] ?? '');
  await page.keyboard.press('ArrowLeft');
  await expect(focused).toHaveAttribute('aria-rowindex', '2');

  // Filters: kept in the address, applied to every loaded endpoint, kept over a reload.
  await page.getByLabel('Filter by URL, description or UID').fill('Even 1');
  await expect(page).toHaveURL(/q=Even(\+|%20)1/);
  await page.getByLabel('Status', { exact: true }).selectOption('enabled');
  await expect(page).toHaveURL(/status=enabled/);
  const wanted = (await endpoints(request, credentials, total))
    .filter((endpoint) => endpoint.description.includes('Even 1') && !endpoint.disabled)
    .map((endpoint) => endpoint.url)
    .sort();
  await expect(page.getByText(`${wanted.length} endpoints.`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Filter by URL, description or UID')).toHaveValue('Even 1');
  await expect(page.getByText(`${wanted.length} endpoints.`)).toBeVisible();

  // Sort: a header click orders the rows, a second reverses them, both in the address.
  const urlHeader = grid.getByRole('columnheader', { name: /URL/ });
  await urlHeader.getByRole('button').click();
  await expect(urlHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=url/);
  await urlHeader.getByRole('button').click();
  await expect(urlHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=-url/);
  await expect(rows.nth(1).getByRole('link')).toHaveText(wanted.at(-1) ?? '');

  // Nothing matches: the empty state says so and clears the filters.
  await page.getByLabel('Filter by URL, description or UID').fill('no such endpoint');
  await expect(page.getByText('No endpoint matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/q=|status=/);
  await expect(page.getByText(`${total} endpoints.`)).toBeVisible();
});
