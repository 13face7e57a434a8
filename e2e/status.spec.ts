import { expect, test } from '@playwright/test';
import { checkPage, checkPhoneWidth, openSignedIn } from './support/pages';
import {
  createEndpoint,
  sendTestEvent,
  startReceiver,
  updateWebhookConfig,
  workspaceWithKey,
} from './support/webhooks';

// Waits for real deliveries and one refresh of the page; a busy machine needs room.
test.describe.configure({ timeout: 60_000 });

test('the Status page shows deliveries and the failing endpoint, and follows new work', async ({
  page,
  request,
}) => {
  const [up, down] = await Promise.all([startReceiver(), startReceiver()]);
  down.answer(503);
  try {
    const { workspace, key, credentials } = await workspaceWithKey(request, 'hedy');
    await updateWebhookConfig(request, credentials, { isEnabled: true });
    const delivering = await createEndpoint(request, credentials, { url: up.url('/orders') });
    const failing = await createEndpoint(request, credentials, { url: down.url('/billing') });
    await sendTestEvent(request, credentials, delivering.id);
    await sendTestEvent(request, credentials, failing.id);
    await expect.poll(() => up.deliveries.length + down.deliveries.length).toBe(2);

    await openSignedIn(page, workspace, '/');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Status' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
    await expect(page.getByText(/^Read .+, again every 5 seconds/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Job queues' })).toBeVisible();
    const deliveries = page.getByRole('figure');
    await expect(deliveries).toContainText(/1 delivered, 1 failed attempts/);
    await expect(page.getByRole('table', { name: 'Webhook attempts per minute' })).toBeAttached();

    const failingList = page.getByRole('list', { name: 'Failing endpoints' });
    await expect(failingList.getByRole('listitem')).toHaveCount(1);
    await expect(failingList).toContainText('Failing');
    await expect(failingList).toContainText('HTTP 503');
    await expect(failingList).toContainText('1 waiting after a failed attempt');
    await checkPage(page, 'status');
    await checkPhoneWidth(page, 'status');

    // New work shows without a reload, at the next refresh (the failing message's retries too).
    await sendTestEvent(request, credentials, delivering.id);
    await expect(deliveries).toContainText(/2 delivered, \d+ failed attempts/, { timeout: 15_000 });

    // Each failing endpoint leads to its page.
    await failingList.getByRole('link', { name: failing.url }).click();
    await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/webhooks/${failing.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: failing.url })).toBeVisible();
  } finally {
    await Promise.all([up.close(), down.close()]);
  }
});
