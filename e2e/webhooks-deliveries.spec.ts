import { expect, type Page, test } from '@playwright/test';
import { seeToast } from './support/pages';
import {
  type Credentials,
  createEndpoint,
  endpointSecret,
  endpoints,
  messages,
  openWebhooks,
  type Receiver,
  sendTestEvent,
  startReceiver,
  updateEndpoint,
  updateWebhookConfig,
  workspaceWithKey,
} from './support/webhooks';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// Each flow waits for real deliveries; a busy machine needs room.
test.describe.configure({ timeout: 60_000 });

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

/** A key with webhooks on and one endpoint at the receiver; the endpoint's page is open. */
async function openEndpoint(
  page: Page,
  request: Parameters<typeof workspaceWithKey>[0],
  owner: string,
) {
  const { workspace, key, credentials } = await workspaceWithKey(request, owner);
  await updateWebhookConfig(request, credentials, { isEnabled: true });
  const endpoint = await createEndpoint(request, credentials, {
    url: receiver.url('/orders'),
    description: 'Orders',
  });
  await openWebhooks(page, workspace, key);
  // The table by keyboard: its row is one tab stop, Enter opens the endpoint.
  const row = page
    .getByRole('grid', { name: 'Endpoints' })
    .getByRole('row')
    .filter({ hasText: endpoint.url });
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: endpoint.url })).toBeVisible();
  return { credentials, endpoint };
}

/** A message's row in the delivery log. */
function message(page: Page, id: string) {
  return page.getByRole('grid', { name: 'Messages' }).getByRole('row').filter({ hasText: id });
}

/** A message's attempts and payload, opened from its row. */
function details(page: Page, id: string) {
  return page.getByRole('region', { name: new RegExp(`^Message ${id}`) });
}

async function newestMessageId(
  request: Parameters<typeof messages>[0],
  credentials: Credentials,
  endpointId: string,
) {
  const [newest] = await messages(request, credentials, endpointId);
  if (!newest) throw new Error('no message');
  return newest.id;
}

test('secret: reveal and copy what the service holds, rotate it; a test event is delivered while the log watches', async ({
  page,
  request,
}) => {
  const { credentials, endpoint } = await openEndpoint(page, request, 'radia');
  const secret = await endpointSecret(request, credentials, endpoint.id);

  await page.getByRole('button', { name: 'Reveal the signing secret' }).click();
  await expect(page.getByTestId('signing-secret')).toHaveText(secret);
  await page.getByRole('button', { name: 'Copy signing secret' }).click();
  await expect(page.getByText('Copied the signing secret')).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  await page.getByRole('button', { name: 'Rotate secret' }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await expect(rotate.getByText(/each delivery carries two signatures/)).toBeVisible();
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(rotate).toBeHidden();
  await seeToast(page, 'Signing secret rotated');
  const rotated = await endpointSecret(request, credentials, endpoint.id);
  expect(rotated).not.toBe(secret);
  await expect(page.getByTestId('signing-secret')).toHaveText(rotated);

  // A test event: the log shows it pending, then delivered, without a reload.
  await expect(page.getByText('No deliveries yet')).toBeVisible();
  const testForm = page.getByRole('form', { name: 'Send a test event' });
  await testForm.getByLabel('Event type').fill('Comment Add');
  await testForm.getByRole('button', { name: 'Send test event' }).click();
  await expect(testForm.getByText(/Event type must be an event type of the form/)).toBeVisible();
  await testForm.getByLabel('Event type').fill('comment.update');
  await testForm.getByRole('button', { name: 'Send test event' }).click();
  await seeToast(page, 'Test event queued');
  const messageId = await newestMessageId(request, credentials, endpoint.id);
  const sent = message(page, messageId);
  await expect(sent.getByTestId('message-status')).toHaveText('Delivered', { timeout: 10_000 });
  await expect(sent).toContainText('1 attempt, last HTTP 200');
  // Opening the row shows every attempt, and the address names the message.
  await sent.click();
  await expect(page).toHaveURL(new RegExp(`message=${messageId}`));
  const opened = details(page, messageId);
  await expect(opened.getByRole('row').filter({ hasText: 'HTTP 200' })).toHaveCount(1);
  await expect(opened.getByText('received')).toBeVisible();
  expect(receiver.deliveries.at(-1)?.headers['webhook-id']).toBe(messageId);

  const [stored] = await messages(request, credentials, endpoint.id);
  expect(stored).toMatchObject({ id: messageId, status: 'delivered' });
  expect(stored?.attempts.map((attempt) => attempt.responseStatus)).toEqual([200]);

  // The figures count the attempt as soon as the log shows it: charted, with a table beside.
  const stats = page.getByRole('region', { name: 'Delivery statistics' });
  await expect(
    stats.getByRole('img', { name: /^Attempts per hour over the last 24 hours: 1 in all/ }),
  ).toBeVisible();
  await expect(stats.getByText('200: 1')).toBeVisible();
  await stats.getByRole('tab', { name: '7 days' }).click();
  await expect(
    stats.getByRole('img', { name: /^Attempts per 6 hours over the last 7 days: 1 in all/ }),
  ).toBeVisible();
  await stats.getByText('Show the figures as a table').click();
  await expect(stats.getByRole('table').getByRole('row')).toHaveCount(2);
});

test('deliveries: a failing receiver shows the failed attempt, resend delivers it, recover queues failed messages again', async ({
  page,
  request,
}) => {
  receiver.answer(500);
  const { credentials, endpoint } = await openEndpoint(page, request, 'barbara');

  await page.getByRole('button', { name: 'Send test event' }).click();
  await seeToast(page, 'Test event queued');
  const failingId = await newestMessageId(request, credentials, endpoint.id);
  const failing = message(page, failingId);
  await expect(failing).toContainText('1 attempt, last HTTP 500', { timeout: 10_000 });
  await failing.click();
  const opened = details(page, failingId);
  await expect(opened.getByRole('row').filter({ hasText: 'HTTP 500' })).toHaveCount(1);
  await expect(opened.getByText('receiver failed on purpose')).toBeVisible();
  // A 500 is retried later: the message stays pending with its next attempt shown.
  await expect(failing.getByTestId('message-status')).toHaveText('Pending');
  await expect(opened.getByText(/next attempt/)).toBeVisible();

  receiver.answer(200);
  // The row's action by keyboard: from the row, → reaches its first control (the copy button of
  // its ID), and Tab its Resend button.
  await failing.focus();
  await page.keyboard.press('ArrowRight');
  await expect(failing.getByRole('button', { name: `Copy ${failingId}` })).toBeFocused();
  await page.keyboard.press('Tab');
  const resend = failing.getByRole('button', { name: `Resend message ${failingId}` });
  await expect(resend).toBeFocused();
  await page.keyboard.press('Enter');
  await seeToast(page, 'Message queued again');
  await expect(failing.getByTestId('message-status')).toHaveText('Delivered', { timeout: 10_000 });
  await expect(opened.getByRole('row').filter({ hasText: 'HTTP 200' })).toHaveCount(1);
  const [resent] = await messages(request, credentials, endpoint.id);
  expect(resent?.status).toBe('delivered');
  expect(resent?.attempts.map((attempt) => attempt.responseStatus)).toEqual([500, 200]);

  // Failed messages: with one delivery a second, later messages are still queued when the
  // endpoint is disabled, and fail without an attempt.
  const since = await page.evaluate(() => {
    const at = new Date(Date.now() - 60_000);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 19);
  });
  await updateEndpoint(request, credentials, { endpointId: endpoint.id, rateLimit: 1 });
  for (let i = 0; i < 5; i += 1) await sendTestEvent(request, credentials, endpoint.id);
  await updateEndpoint(request, credentials, { endpointId: endpoint.id, disabled: true });
  await expect
    .poll(
      async () => {
        const all = await messages(request, credentials, endpoint.id);
        return all.some((m) => m.status === 'failed') && all.every((m) => m.status !== 'pending');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const failedIds = (await messages(request, credentials, endpoint.id))
    .filter((m) => m.status === 'failed')
    .map((m) => m.id);
  await updateEndpoint(request, credentials, { endpointId: endpoint.id, disabled: false });

  // The failed ones, by the status filter in the address, which a reload keeps.
  await page
    .getByRole('region', { name: /^Message / })
    .getByRole('button', { name: 'Close' })
    .click();
  await page.getByLabel('Status', { exact: true }).selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await page.reload();
  await page.getByRole('switch', { name: 'Receives deliveries' }).waitFor();
  await expect(
    page.getByRole('grid', { name: 'Messages' }).getByTestId('message-status'),
  ).toHaveText(failedIds.map(() => 'Failed'));
  const firstFailed = message(page, failedIds[0] ?? '');
  await expect(firstFailed.getByTestId('message-status')).toHaveText('Failed');
  await expect(firstFailed.getByText('The endpoint was disabled before delivery.')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('');

  const recover = page.getByRole('form', { name: 'Recover failed messages' });
  await recover.getByRole('button', { name: 'Recover failed' }).click();
  await expect(recover.getByText('Failed since must be a date and time.')).toBeVisible();
  await recover.getByLabel('Failed since').fill(since);
  await recover.getByLabel('Until (optional)').fill(since);
  await recover.getByRole('button', { name: 'Recover failed' }).click();
  await expect(recover.getByText('Until must be later than since.')).toBeVisible();
  await recover.getByLabel('Until (optional)').fill('');
  await recover.getByRole('button', { name: 'Recover failed' }).click();
  await seeToast(
    page,
    `${failedIds.length} failed ${failedIds.length === 1 ? 'message' : 'messages'} queued again`,
  );
  await expect(firstFailed.getByTestId('message-status')).toHaveText('Delivered', {
    timeout: 20_000,
  });
  await expect
    .poll(async () => (await messages(request, credentials, endpoint.id)).map((m) => m.status), {
      timeout: 20_000,
    })
    .toEqual(Array.from({ length: 6 }, () => 'delivered'));
  expect((await endpoints(request, credentials))[0]?.disabled).toBe(false);
});

test('health: a 410 disables the endpoint, the banner says why, and enabling delivers what waited', async ({
  page,
  request,
}) => {
  receiver.answer(410);
  const { credentials, endpoint } = await openEndpoint(page, request, 'gwen');
  const health = page.getByRole('region', { name: 'Delivery health' });
  await expect(health).toContainText('Healthy');

  await sendTestEvent(request, credentials, endpoint.id);
  await expect
    .poll(
      async () =>
        (await endpoints(request, credentials)).find((e) => e.id === endpoint.id)?.disabled,
      { timeout: 15_000 },
    )
    .toBe(true);
  // The message that got the 410 waits, pending, for the endpoint to come back.
  const [waiting] = await messages(request, credentials, endpoint.id);
  expect(waiting?.status).toBe('pending');

  await page.reload();
  const banner = page.getByRole('region', { name: 'Endpoint disabled' });
  await expect(banner).toContainText('410 Gone');
  await expect(banner).toContainText('HTTP 410');
  await expect(health).toBeHidden();

  receiver.answer(200);
  await banner.getByRole('button', { name: 'Enable and retry the backlog' }).click();
  await seeToast(page, 'Endpoint enabled');
  await expect(banner).toBeHidden();
  await expect(health).toBeVisible();
  await expect
    .poll(async () => (await messages(request, credentials, endpoint.id))[0]?.status, {
      timeout: 15_000,
    })
    .toBe('delivered');
});
