import { expect, test } from '@playwright/test';
import { checkPage, checkPhoneWidth, openSignedIn, seedSession } from './support/pages';
import { createApiKey, createWorkspace, loginLink, uniqueEmail } from './support/service';
import {
  createEndpoint,
  sendTestEvent,
  startReceiver,
  updateWebhookConfig,
  workspaceWithKey,
} from './support/webhooks';

// Every page of the console, in both themes (axe-core: no serious or critical violation) and at
// phone width (nothing scrolls sideways), with its dialogs and its states that show more (errors,
// open details). The flows in the other specs assert behaviour; this one looks. Each test scans
// its first page whole; later pages share that frame (navigation, landmarks), so their `main` is
// scanned, and a dialog on its own.
test.describe.configure({ timeout: 180_000 });

test('sign-in pages: the two ways in, check your inbox, the outbox, the workspace chooser', async ({
  page,
  request,
}) => {
  await page.goto('/sign-in');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to a workspace' }),
  ).toBeVisible();
  await checkPage(page, 'sign-in');
  await checkPhoneWidth(page, 'sign-in');
  await page.goto('/sign-in?method=token');
  await expect(page.getByLabel('Workspace auth token')).toBeVisible();
  await checkPage(page, 'sign-in-token', 'main');

  const email = uniqueEmail('ada');
  const root = await createWorkspace(request, { ownerEmail: email, workspaceName: 'Engine' });
  await createApiKey(request, root, { type: 'production' });
  await createWorkspace(request, { ownerEmail: email, workspaceName: 'Mill' });
  await page.goto('/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await checkPage(page, 'check-inbox', 'main');
  await checkPhoneWidth(page, 'check-inbox');

  await page.getByRole('link', { name: 'Open the local outbox' }).click();
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(1);
  await checkPage(page, 'outbox', 'main');
  await checkPhoneWidth(page, 'outbox');

  await page.goto(await loginLink(request, email));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a workspace' })).toBeVisible();
  await checkPage(page, 'workspace-chooser', 'main');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a workspace' });
  await dialog.getByLabel('Owner e-mail').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByLabel('Owner e-mail')).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, 'create-workspace-refused', '[role="dialog"]');
});

test('the workspace overview and its dialogs; pages that are not there', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('alan'),
    name: 'Alan Turing',
    workspaceName: 'Bombe',
  });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the workspace has no key');
  await openSignedIn(page, workspace);
  await expect(page.getByRole('heading', { level: 1, name: 'Bombe' })).toBeVisible();
  await page.getByRole('button', { name: `Reveal the auth token of ${key.apiKeyName}` }).click();
  await expect(
    page.getByRole('button', { name: `Hide the auth token of ${key.apiKeyName}` }),
  ).toBeVisible();
  await checkPage(page, 'overview');
  await checkPhoneWidth(page, 'overview');

  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByRole('dialog', { name: 'Create an API key' })).toBeVisible();
  await checkPage(page, 'create-api-key-dialog', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Reset token' }).click();
  await expect(page.getByRole('dialog', { name: /^Reset the auth token/ })).toBeVisible();
  await checkPage(page, 'reset-token-dialog', '[role="dialog"]');
  await page.keyboard.press('Escape');

  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await checkPage(page, 'not-found');
  await page.goto('/keys?next=webhooks&missing=ak_gone');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an API key' })).toBeVisible();
  await checkPage(page, 'key-chooser', 'main');
  await checkPhoneWidth(page, 'key-chooser');
  // A key's page that does not exist: not found inside the key's frame.
  await page.goto(`/keys/${key.id}/nowhere`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
  await checkPage(page, 'key-page-not-found', 'main');
});

test('the pages of an API key: overview, configuration with its errors, permission provider', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('grace'),
    workspaceName: 'Mark I',
  });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the workspace has no key');
  await openSignedIn(page, workspace, `/keys/${key.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'API key overview' })).toBeVisible();
  await expect(page.getByText('Owner e-mail')).toBeVisible();
  await checkPage(page, 'key-overview');
  await checkPhoneWidth(page, 'key-overview');

  await page.goto(`/keys/${key.id}/config`);
  const form = page.getByRole('form', { name: 'API key configuration' });
  await form.getByRole('button', { name: 'Add a provider key' }).click();
  await form.getByLabel('Provider', { exact: true }).fill('Open AI');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByLabel('Provider', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await checkPage(page, 'api-key-config', 'main');
  await checkPhoneWidth(page, 'api-key-config');
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Workspace' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await checkPage(page, 'unsaved-changes-dialog', '[role="dialog"]');
  await page.getByRole('button', { name: 'Stay on this page' }).click();

  await page.goto(`/keys/${key.id}/permission-provider`);
  const provider = page.getByRole('form', { name: 'Permission provider' });
  await provider.getByRole('switch', { name: 'Use the permission provider' }).check();
  await provider.getByRole('button', { name: 'Save changes' }).click();
  await expect(provider.getByLabel('Provider URL')).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, 'permission-provider', 'main');
  await checkPhoneWidth(page, 'permission-provider');
});

test('advanced webhooks: off, then on with its endpoints table and the create dialog', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'radia');
  await openSignedIn(page, workspace, `/keys/${key.id}/webhooks`);
  await expect(page.getByText('No endpoints yet')).toBeVisible();
  await checkPage(page, 'webhooks-off');
  await checkPhoneWidth(page, 'webhooks-off');

  await updateWebhookConfig(request, credentials, { isEnabled: true });
  await createEndpoint(request, credentials, {
    url: 'https://example.com/orders',
    description: 'Orders',
    filterTypes: ['comment.add', 'comment.update'],
    rateLimit: 5,
  });
  await createEndpoint(request, credentials, { url: 'https://example.com/audit', disabled: true });
  await page.reload();
  const form = page.getByRole('form', { name: 'Advanced webhook configuration' });
  await form.getByRole('switch', { name: 'Encrypt payloads' }).check();
  await form.getByLabel('Public key').fill('not a key');
  await form.getByRole('switch', { name: 'Advanced webhooks' }).uncheck();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(form.getByLabel('Public key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('grid', { name: 'Endpoints' }).getByRole('row')).toHaveCount(3);
  await checkPage(page, 'webhooks', 'main');
  await checkPhoneWidth(page, 'webhooks');
  await form.getByRole('button', { name: 'Discard changes' }).click();

  await page.getByRole('button', { name: 'Create endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a webhook endpoint' });
  await dialog.getByLabel('URL').fill('ftp://example.com');
  await dialog.getByRole('button', { name: 'Add metadata' }).click();
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, 'webhooks-create-dialog', '[role="dialog"]');
});

test('a webhook endpoint: its delivery log with a message open, its dialogs', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  const { workspace, key, credentials } = await workspaceWithKey(request, 'hedy');
  await updateWebhookConfig(request, credentials, { isEnabled: true });
  const endpoint = await createEndpoint(request, credentials, {
    url: receiver.url('/orders'),
    description: 'Orders',
  });
  const messageId = await sendTestEvent(request, credentials, endpoint.id);
  await seedSession(page, workspace);
  await page.goto(`/keys/${key.id}/webhooks/${endpoint.id}?message=${messageId}`);
  const opened = page.getByRole('region', { name: new RegExp(`^Message ${messageId}`) });
  await expect(opened.getByText('HTTP 200')).toBeVisible({ timeout: 10_000 });
  const recover = page.getByRole('form', { name: 'Recover failed messages' });
  await recover.getByRole('button', { name: 'Recover failed' }).click();
  await expect(recover.getByLabel('Failed since')).toHaveAttribute('aria-invalid', 'true');
  await checkPage(page, 'webhook-endpoint');
  await checkPhoneWidth(page, 'webhook-endpoint');

  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByRole('dialog', { name: 'Rotate the signing secret?' })).toBeVisible();
  await checkPage(page, 'webhook-rotate-dialog', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this endpoint?' })).toBeVisible();
  await checkPage(page, 'webhook-delete-dialog', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await receiver.close();
});
