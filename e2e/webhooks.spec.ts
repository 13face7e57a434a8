import { expect, test } from '@playwright/test';
import { recordBodies, seeToast } from './support/pages';
import {
  createEndpoint,
  endpoints,
  openWebhooks,
  rsaPublicKey,
  startReceiver,
  updateWebhookConfig,
  webhookConfig,
  workspaceWithKey,
} from './support/webhooks';
import {
  createAdvancedWebhookEndpoint,
  updateAdvancedWebhookConfig,
  updateAdvancedWebhookEndpoint,
} from '#contract/webhooks';

// Each flow waits for real deliveries; a busy machine needs room.
test.describe.configure({ timeout: 60_000 });

test('webhook configuration: turn on with its consequences, refuse a bad public key, encrypt with a good one', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'ada');
  const sent = recordBodies(page, updateAdvancedWebhookConfig.path);
  await openWebhooks(page, workspace, key);

  const form = page.getByRole('form', { name: 'Advanced webhook configuration' });
  const enabled = form.getByRole('switch', { name: 'Advanced webhooks' });
  await expect(enabled).not.toBeChecked();
  await expect(form.getByText(/no endpoint can be created or changed/)).toBeVisible();
  await expect(
    page.getByText('Turn advanced webhooks on above, then create an endpoint.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create endpoint' })).toHaveCount(0);

  // The service's own refusal shows in the form: a first update must turn the feature on.
  await form.getByRole('switch', { name: 'Encode payloads' }).check();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Advanced webhooks are not configured yet: the first update must set isEnabled to true.',
  );
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form.getByRole('alert')).toHaveCount(0);
  sent.length = 0;

  await enabled.check();
  await expect(form.getByText(/Once saved, you can create endpoints/)).toBeVisible();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await seeToast(page, 'Advanced webhooks turned on');
  await expect(page.getByRole('button', { name: 'Create endpoint' })).toBeVisible();
  expect(sent).toEqual([{ isEnabled: true }]);
  expect((await webhookConfig(request, credentials)).isEnabled).toBe(true);

  // Encryption: the key is checked in the browser before anything is sent.
  await form.getByRole('switch', { name: 'Encrypt payloads' }).check();
  const publicKey = form.getByLabel('Public key');
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(publicKey).toHaveAccessibleDescription(
    /Public key must not be empty while encryption is on\./,
  );
  await publicKey.fill('this is not a key');
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(
    form.getByText(
      'Public key must be an RSA public key: PEM, or the base64 body of an SPKI or PKCS#1 key.',
    ),
  ).toBeVisible();
  await expect(publicKey).toHaveAttribute('aria-invalid', 'true');
  await publicKey.fill(rsaPublicKey(1024));
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(
    form.getByText('Public key must have at least 2048 bits (this one has 1024).'),
  ).toBeVisible();
  expect(sent).toHaveLength(1);
  expect((await webhookConfig(request, credentials)).encryptData).toBe(false);

  const pem = rsaPublicKey();
  await publicKey.fill(pem);
  await form.getByRole('switch', { name: 'Encode payloads' }).check();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await seeToast(page, 'Webhook configuration saved');
  expect(sent[1]).toEqual({ encodeData: true, encryptData: true, publicKey: pem.trim() });
  const saved = await webhookConfig(request, credentials);
  expect(saved).toMatchObject({ isEnabled: true, encodeData: true, encryptData: true });
  expect(saved.publicKey).toBe(pem.trim());

  // Turning off says what stops before it is saved; discarding keeps what the service holds.
  await enabled.uncheck();
  await expect(
    form.getByText('Turning advanced webhooks off stops every delivery at once.'),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(enabled).toBeChecked();
  expect(sent).toHaveLength(2);
  expect((await webhookConfig(request, credentials)).isEnabled).toBe(true);
});

test('hidden fields: a bad public key hidden by turning encryption off, or a filter hidden by choosing every event type, neither blocks the save nor is sent', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'hidden');
  const sent = recordBodies(page, updateAdvancedWebhookConfig.path);
  await openWebhooks(page, workspace, key);
  const form = page.getByRole('form', { name: 'Advanced webhook configuration' });
  const encrypt = form.getByRole('switch', { name: 'Encrypt payloads' });
  await form.getByRole('switch', { name: 'Advanced webhooks' }).check();
  await encrypt.check();
  await form.getByLabel('Public key').fill('this is not a key');
  await encrypt.uncheck();
  await expect(form.getByLabel('Public key')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await seeToast(page, 'Advanced webhooks turned on');
  expect(sent).toEqual([{ isEnabled: true }]);
  expect(await webhookConfig(request, credentials)).toMatchObject({
    isEnabled: true,
    encryptData: false,
    publicKey: '',
  });
  // Shown again, the field holds what is saved, not what was typed before it was hidden.
  await encrypt.check();
  await expect(form.getByLabel('Public key')).toHaveValue('');

  // The same on an endpoint's settings: a list typed, then hidden by "every event type".
  const endpoint = await createEndpoint(request, credentials, {
    url: 'https://hooks.example.com/hidden',
  });
  const updated = recordBodies(page, updateAdvancedWebhookEndpoint.path);
  await page.goto(`/keys/${key.id}/webhooks/${endpoint.id}`);
  const settings = page.getByRole('form', { name: 'Edit endpoint' });
  await settings.getByRole('radio', { name: 'Only these event types' }).check();
  await settings.getByLabel('Event types to receive').fill('not an event type!');
  await settings.getByRole('radio', { name: 'Every event type' }).check();
  await settings.getByLabel('Description').fill('Every event');
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Endpoint saved');
  expect(updated).toEqual([{ endpointId: endpoint.id, description: 'Every event' }]);
  const [stored] = await endpoints(request, credentials);
  expect(stored).toMatchObject({ description: 'Every event', filterTypes: null });
});

test('endpoints: the form refuses what the contract refuses, creates with metadata, edits only what changed, disables, deletes', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'edsger');
  await updateWebhookConfig(request, credentials, { isEnabled: true });
  const receiver = await startReceiver();
  const created = recordBodies(page, createAdvancedWebhookEndpoint.path);
  const updated = recordBodies(page, updateAdvancedWebhookEndpoint.path);
  await openWebhooks(page, workspace, key);
  await expect(page.getByText('No endpoints yet')).toBeVisible();

  const trigger = page.getByRole('button', { name: 'Create endpoint' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Create a webhook endpoint' });
  await dialog.getByLabel('URL').fill('ftp://example.com/hooks');
  await dialog.getByRole('radio', { name: 'Only these event types' }).check();
  await dialog.getByLabel('Rate limit').fill('0');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog.getByText('URL must be a valid http(s) URL.')).toBeVisible();
  await expect(
    dialog.getByText(
      'Event types must not be empty when provided; omit it to receive every event type.',
    ),
  ).toBeVisible();
  await expect(dialog.getByText('Rate limit must be a positive integer.')).toBeVisible();
  await expect(dialog.getByLabel('Rate limit')).toHaveAttribute('aria-invalid', 'true');

  // Escape closes the dialog and gives the focus back to its trigger.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(created).toEqual([]);

  await trigger.click();
  await dialog.getByLabel('URL').fill(receiver.url('/payments'));
  await dialog.getByLabel('Description').fill('Payments');
  await dialog.getByRole('radio', { name: 'Only these event types' }).check();
  await dialog.getByLabel('Event types to receive').fill('comment.add, comment.update');
  // The catalog's types tick the typed list; a name it lacks is kept as typed.
  const catalog = dialog.getByRole('list', { name: 'Event types this service sends' });
  await expect(catalog.getByRole('checkbox', { name: 'comment.add' })).toBeChecked();
  await expect(
    dialog.getByText('Not in this service’s catalog, kept as typed: comment.update.'),
  ).toBeVisible();
  const threads = catalog.getByRole('checkbox', { name: 'comment_annotation.add' });
  await threads.check();
  await expect(dialog.getByLabel('Event types to receive')).toHaveValue(
    'comment.add, comment.update, comment_annotation.add',
  );
  await threads.uncheck();
  const comments = catalog.getByRole('listitem').filter({ hasText: 'A comment was added' });
  await comments.getByText('Sample payload').click();
  await expect(comments.getByText('"commentText": "This is a sample comment."')).toBeVisible();
  await dialog.getByLabel('Rate limit').fill('5');
  await dialog.getByRole('button', { name: 'Add metadata' }).click();
  await dialog.getByRole('button', { name: 'Add metadata' }).click();
  const first = dialog.getByRole('group', { name: 'Metadata entry 1' });
  const second = dialog.getByRole('group', { name: 'Metadata entry 2' });
  await first.getByLabel('Name').fill('team');
  await first.getByLabel('Value').fill('billing');
  await second.getByLabel('Name').fill('team');
  await second.getByLabel('Value').fill('again');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(second.getByText('Name team is used twice.')).toBeVisible();
  await second.getByLabel('Name').fill('env');
  await second.getByLabel('Value').fill('staging');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog).toBeHidden();
  await seeToast(page, 'Endpoint created');
  expect(created).toEqual([
    {
      url: receiver.url('/payments'),
      description: 'Payments',
      filterTypes: ['comment.add', 'comment.update'],
      rateLimit: 5,
      metadata: { team: 'billing', env: 'staging' },
    },
  ]);
  const [stored] = await endpoints(request, credentials);
  expect(stored).toMatchObject({
    url: receiver.url('/payments'),
    description: 'Payments',
    filterTypes: ['comment.add', 'comment.update'],
    channels: null,
    rateLimit: 5,
    disabled: false,
    metadata: { team: 'billing', env: 'staging' },
  });
  if (!stored) throw new Error('no endpoint stored');

  const table = page.getByRole('grid', { name: 'Endpoints' });
  await expect(table.getByRole('link', { name: receiver.url('/payments') })).toBeVisible();
  await expect(table.getByText('5/s')).toBeVisible();

  await table.getByRole('link', { name: receiver.url('/payments') }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/webhooks/${stored.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit endpoint' });
  await expect(edit.getByLabel('URL')).toHaveValue(receiver.url('/payments'));

  // Edit: only what changed is sent; a cleared rate limit is sent as null.
  await edit.getByLabel('Description').fill('Payments, EU');
  await edit.getByLabel('Rate limit').fill('');
  await edit.getByRole('button', { name: 'Remove metadata env' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Endpoint saved');
  expect(updated).toEqual([
    {
      endpointId: stored.id,
      description: 'Payments, EU',
      rateLimit: null,
      metadata: { team: 'billing' },
    },
  ]);
  await expect(edit.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  expect((await endpoints(request, credentials))[0]).toMatchObject({
    description: 'Payments, EU',
    rateLimit: null,
    metadata: { team: 'billing' },
    filterTypes: ['comment.add', 'comment.update'],
  });

  // The rule of an edit: the URL is checked before sending too.
  await edit.getByLabel('URL').fill('not a url');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('URL must be a valid http(s) URL.')).toBeVisible();
  await edit.getByRole('button', { name: 'Discard changes' }).click();
  expect(updated).toHaveLength(1);

  const receives = page.getByRole('switch', { name: 'Receives deliveries' });
  await expect(receives).toBeChecked();
  await receives.uncheck();
  await seeToast(page, 'Endpoint disabled');
  await expect(receives).not.toBeChecked();
  expect(updated[1]).toEqual({ endpointId: stored.id, disabled: true });
  expect((await endpoints(request, credentials))[0]?.disabled).toBe(true);
  // A disabled endpoint takes no test event: the service says so where the admin asked.
  const testForm = page.getByRole('form', { name: 'Send a test event' });
  await testForm.getByRole('button', { name: 'Send test event' }).click();
  await expect(testForm.getByRole('alert')).toHaveText(
    'The webhook endpoint is disabled; enable it with Update Advanced Webhook Endpoint first.',
  );
  expect(receiver.deliveries).toEqual([]);

  // Delete asks first and waits for "delete" to be typed; Cancel keeps the endpoint.
  const remove = page.getByRole('button', { name: 'Delete endpoint' });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  expect(await endpoints(request, credentials)).toHaveLength(1);
  await remove.click();
  const confirmDelete = confirm.getByRole('button', { name: 'Delete endpoint' });
  await expect(confirmDelete).toBeDisabled();
  await confirm.getByLabel('Type delete to confirm').fill('delet');
  await expect(confirmDelete).toBeDisabled();
  expect(await endpoints(request, credentials)).toHaveLength(1);
  await confirm.getByLabel('Type delete to confirm').fill('delete');
  await confirmDelete.click();
  await seeToast(page, 'Endpoint deleted');
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/webhooks$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced webhooks' })).toBeVisible();
  await expect(page.getByText('No endpoints yet')).toBeVisible();
  expect(await endpoints(request, credentials)).toEqual([]);
  await receiver.close();
});
