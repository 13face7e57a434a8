import { expect, test } from '@playwright/test';
import { openSignedIn, storedSession } from './support/pages';
import { createApiKey, createWorkspace, getWorkspace, uniqueEmail } from './support/service';
import { createEndpoint, updateWebhookConfig, workspaceWithKey } from './support/webhooks';

test('the addresses of the first half lead to the same page of the key opened last', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'grace');
  await updateWebhookConfig(request, credentials, { isEnabled: true });
  const endpoint = await createEndpoint(request, credentials, { url: 'https://example.com/hook' });

  // Before any key is opened in the tab, an old address asks which key to open it for.
  await openSignedIn(page, workspace, '/permission-provider');
  await expect(page).toHaveURL(/\/keys\?next=permission-provider$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an API key' })).toBeVisible();
  await page.getByRole('link', { name: `Use ${key.apiKeyName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/permission-provider$`));
  // The address changes as the navigation starts; the key is kept once its page has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Permission provider' })).toBeVisible();
  expect((await storedSession(page))?.apiKey).toBe(key.id);

  const redirects: [string, string, string][] = [
    ['/api-keys', `/keys/${key.id}/config`, 'API key configuration'],
    ['/webhooks', `/keys/${key.id}/webhooks`, 'Advanced webhooks'],
    [`/webhooks/${endpoint.id}`, `/keys/${key.id}/webhooks/${endpoint.id}`, 'Webhook endpoint'],
    ['/organizations', `/keys/${key.id}/organizations`, 'Organizations'],
    ['/decision-suggestions', `/keys/${key.id}/memory`, 'Decision suggestions'],
  ];
  for (const [old, now, heading] of redirects) {
    await page.goto(old);
    await expect(page).toHaveURL(new RegExp(`${now}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto(`/keys/${key.id}/nowhere`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the key switcher keeps the page; a key the workspace lacks asks for one', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('barbara'),
    workspaceName: 'Liskov',
  });
  const second = await createApiKey(request, workspace, { type: 'testing', apiKeyName: 'Second' });
  const [first] = Object.values((await getWorkspace(request, workspace)).apiKeyList).filter(
    (key) => key.id !== second,
  );
  if (!first) throw new Error('the workspace has no first key');

  await openSignedIn(page, workspace, `/keys/${first.id}/webhooks?q=pay&status=disabled`);
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced webhooks' })).toBeVisible();
  await expect(page.getByLabel('Filter by URL, description or UID')).toHaveValue('pay');
  await page.getByLabel('API key', { exact: true }).selectOption(second);
  await expect(page).toHaveURL(new RegExp(`/keys/${second}/webhooks\\?q=pay&status=disabled$`));
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(second);
  await expect(page.getByRole('form', { name: 'Advanced webhook configuration' })).toBeVisible();
  expect((await storedSession(page))?.apiKey).toBe(second);

  await page.getByLabel('API key', { exact: true }).selectOption(first.id);
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Permission provider' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/keys/${first.id}/permission-provider$`));

  // An address with a key this workspace does not have: choose one, for the same page.
  await page.goto('/keys/ak_not_this_workspace/webhooks');
  await expect(page).toHaveURL(/\/keys\?next=webhooks&missing=ak_not_this_workspace$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This workspace has no API key ak_not_this_workspace.',
  );
  await page.getByRole('link', { name: 'Use Second' }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${second}/webhooks$`));
});
