import { expect, test } from '@playwright/test';
import { MAX_WEBHOOK_ENDPOINTS_PER_KEY } from '#contract/webhooks';
import { openSignedIn } from './support/pages';
import {
  createEndpoint,
  createEndpoints,
  endpoints,
  messages,
  openWebhooks,
  sendTestEvent,
  startReceiver,
  updateWebhookConfig,
  workspaceWithKey,
} from './support/webhooks';

// As many endpoints as a key may have, which is one page of the table's.
const total = MAX_WEBHOOK_ENDPOINTS_PER_KEY;
// The delivery log's page (MESSAGES_PAGE in the console's webhook queries).
const MESSAGES_PAGE = 50;

test('the endpoints table: rows move by keyboard, only those in view are drawn, filters and sort live in the address', async ({
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
  await expect(page.getByText(`${total} endpoints.`)).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', String(total + 1));

  // One tab stop: the first row. ↓ moves, End goes to the last row, Home goes back.
  const focused = page.locator('tr:focus');
  await rows.nth(1).focus();
  await expect(focused).toContainText(stored[0] ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(focused).toContainText(stored[1] ?? '');
  await expect(focused).toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press('End');
  await expect(focused).toHaveAttribute('aria-rowindex', String(total + 1));
  await expect(focused).toContainText(stored.at(-1) ?? '');
  // Virtualized: only the rows near the view are in the page.
  expect(await rows.count()).toBeLessThan(total + 1);
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

test('the delivery log: a page of messages loads, and the next when its end comes into view', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    const { workspace, key, credentials } = await workspaceWithKey(request, 'grace');
    await updateWebhookConfig(request, credentials, { isEnabled: true });
    const endpoint = await createEndpoint(request, credentials, { url: receiver.url('/log') });
    const sent = MESSAGES_PAGE + 12;
    for (let n = 0; n < sent; n += 1) await sendTestEvent(request, credentials, endpoint.id);
    expect(await messages(request, credentials, endpoint.id)).toHaveLength(sent);

    await openSignedIn(page, workspace, `/keys/${key.id}/webhooks/${endpoint.id}`);
    const grid = page.getByRole('grid', { name: 'Messages' });
    await expect(
      page.getByText(`${MESSAGES_PAGE} messages loaded; more load as you scroll.`),
    ).toBeVisible();
    await expect(grid).toHaveAttribute('aria-rowcount', '-1');
    // End reaches the last loaded row; its coming into view loads the rest.
    await grid.getByRole('row').nth(1).focus();
    await page.keyboard.press('End');
    await expect(page.getByText(`${sent} messages.`)).toBeVisible();
    await expect(grid).toHaveAttribute('aria-rowcount', String(sent + 1));
    expect(await grid.getByRole('row').count()).toBeLessThan(sent + 1);
  } finally {
    await receiver.close();
  }
});
