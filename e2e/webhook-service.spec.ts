import { expect, test } from '@playwright/test';
import { getWebhookServiceConfig, updateWebhookServiceConfig } from '#contract/webhook-service';
import { checkPage, checkPhoneWidth, openSignedIn, recordBodies, seeToast } from './support/pages';
import { type Receiver, call, startReceiver, workspaceWithKey } from './support/webhooks';

// The flow waits for a real delivery; a busy machine needs room.
test.describe.configure({ timeout: 60_000 });

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

const TOKEN = 'e2e-basic-token-7731';

test('an admin configures the webhook service, sends a test event and sees it delivered', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'bea');
  const sent = recordBodies(page, updateWebhookServiceConfig.path);
  await openSignedIn(page, workspace, `/keys/${key.id}/webhook-service`);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook service' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Webhook service' });
  const save = form.getByRole('button', { name: 'Save webhook service' });

  // The rules are checked before anything is sent, and shown beside their field.
  await form.getByRole('switch', { name: 'Webhook service' }).check();
  await save.click();
  const raw = form.getByLabel('Raw notification URL');
  await expect(raw).toHaveAccessibleDescription(/is required while the webhook service is on/);
  await raw.fill('ftp://example.com/in');
  await save.click();
  await expect(raw).toHaveAccessibleDescription(/must be a valid http\(s\) URL, or empty for none/);
  expect(sent).toEqual([]);

  await raw.fill(receiver.url('/basic'));
  await form.getByLabel('Auth token').fill(TOKEN);
  // The first enable would seed the hosted defaults: one is turned off here, by feature group.
  const comments = form.getByRole('group', { name: 'Comments' });
  await expect(comments.getByRole('checkbox', { name: /Comment added/ })).toBeChecked();
  await comments.getByRole('checkbox', { name: /Comment updated/ }).uncheck();
  await expect(
    form.getByRole('group', { name: 'Huddles' }).getByRole('checkbox', { name: /Huddle joined/ }),
  ).toBeChecked();
  await save.click();
  await seeToast(page, 'Webhook service turned on');
  expect(sent).toHaveLength(1);
  const stored = await call(request, credentials, getWebhookServiceConfig, {});
  expect(stored.useWebhookService).toBe(true);
  expect(stored.webhookServiceConfig.rawNotificationUrl).toBe(receiver.url('/basic'));
  expect(stored.webhookServiceConfig.triggers['comment.update']).toBe(false);
  expect(stored.webhookServiceConfig.triggers['comment.add']).toBe(true);
  // The token is never read back: masked, and a blank field keeps it.
  await expect(form.getByTestId('stored-token')).toHaveText('e2e••••7731');
  await expect(form.getByLabel('Replace the auth token')).toHaveValue('');
  await expect(page.getByText(TOKEN)).toHaveCount(0);

  await page.getByRole('button', { name: 'Send a test event' }).click();
  await seeToast(page, 'Test event queued');
  const log = page.getByRole('grid', { name: 'Deliveries' });
  await expect(log.getByRole('row').filter({ hasText: 'comment.add' })).toContainText('Delivered', {
    timeout: 20_000,
  });
  const [delivery] = receiver.deliveries;
  expect(delivery?.path).toBe('/basic');
  expect(delivery?.headers.authorization).toBe(`Basic ${TOKEN}`);
  expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
    actionType: 'added',
    notificationSource: 'comment',
    test: true,
  });

  await checkPage(page, 'webhook-service');
  await checkPhoneWidth(page, 'webhook-service');
});
