import { expect, test } from '@playwright/test';
import { apiKeyConfig, permissionProvider, resetAuthToken } from './support/api-keys';
import { openSignedIn, recordBodies, seeToast, storedSession } from './support/pages';
import { authToken, createWorkspace, uniqueEmail } from './support/service';
import { updateApiKeyConfig, updatePermissionProviderConfig } from '#contract/api-keys';
import { credentialHeaders } from '#contract/credentials';

test('API key configuration: choose a key, save only what changed, AI keys masked, unsaved changes kept, the old address redirects', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('grace'),
    workspaceName: 'Harvard Mark I',
  });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the workspace has no key');
  await openSignedIn(page, workspace);
  await expect(page.getByRole('heading', { level: 1, name: 'Harvard Mark I' })).toBeVisible();
  const sent = recordBodies(page, updateApiKeyConfig.path);

  // No key opened in this tab yet: the navigation asks which key's configuration to open.
  const navigation = page.getByRole('navigation', { name: 'Console' });
  await navigation.getByRole('button', { name: 'Settings' }).click();
  await navigation.getByRole('link', { name: 'API key configuration' }).click();
  await expect(page).toHaveURL(/\/keys\?next=config$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an API key' })).toBeVisible();
  await page.getByRole('link', { name: `Use ${key.apiKeyName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/config$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'API key configuration' }),
  ).toBeVisible();

  const form = page.getByRole('form', { name: 'API key configuration' });
  await expect(form.getByLabel('Default document access')).toHaveValue('public');
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(form.getByText('No AI provider key is stored for this API key.')).toBeVisible();

  await form.getByLabel('Default document access').selectOption('restricted');
  await form.getByRole('switch', { name: 'Require a JWT' }).check();
  await form.getByRole('button', { name: 'Add a provider key' }).click();
  await form.getByRole('button', { name: 'Add a provider key' }).click();
  const first = form.getByRole('group', { name: 'New provider key 1' });
  const second = form.getByRole('group', { name: 'New provider key 2' });
  await first.getByLabel('Provider', { exact: true }).fill('openai');
  await first.getByLabel('API key', { exact: true }).fill('sk-live-first-0123456789');
  await second.getByLabel('Provider', { exact: true }).fill('Gemini');
  await second.getByLabel('API key', { exact: true }).fill('gm-second-9876543210');

  // The contract's rule shows on the field before anything is sent.
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    second.getByText('Provider must be a provider name in lower case, such as openai.'),
  ).toBeVisible();
  await expect(second.getByLabel('Provider', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(sent).toHaveLength(0);
  // A provider's name has a length, on both sides: the form shows the contract's bound.
  await second.getByLabel('Provider', { exact: true }).fill('p'.repeat(65));
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.getByText('Provider must be at most 64 characters.')).toBeVisible();
  expect(sent).toHaveLength(0);

  await second.getByLabel('Provider', { exact: true }).fill('gemini');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Configuration saved');
  expect(sent).toEqual([
    {
      defaultDocumentAccessType: 'restricted',
      requireJwtToken: true,
      aiModelApiKey: [
        { provider: 'openai', customerApiKey: 'sk-live-first-0123456789' },
        { provider: 'gemini', customerApiKey: 'gm-second-9876543210' },
      ],
    },
  ]);

  // Reset to the saved values: no rows, the keys listed masked, the raw keys nowhere.
  await expect(first).toBeHidden();
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  const stored = form.getByRole('list', { name: 'Stored AI provider keys' });
  await expect(stored.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('sk-live-first-0123456789')).toHaveCount(0);
  const token = await authToken(request, workspace, key.id);
  const saved = await apiKeyConfig(request, key.id, token);
  expect(saved).toMatchObject({
    defaultDocumentAccessType: 'restricted',
    requireJwtToken: true,
    isPrivateCommentsEnabled: false,
    requireAutoOrgUser: false,
  });
  expect(Object.keys(saved.aiModelsConfig ?? {}).sort()).toEqual(['gemini', 'openai']);
  for (const [provider, entry] of Object.entries(saved.aiModelsConfig ?? {})) {
    await expect(stored.getByRole('listitem').filter({ hasText: provider })).toContainText(
      entry.displayText,
    );
    expect(entry.displayText).not.toContain('0123456789');
  }

  // Leaving with a change asks first; staying keeps it, discarding leaves it unsaved.
  const privateComments = form.getByRole('switch', { name: 'Private comments' });
  await privateComments.check();
  const workspaceLink = page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Workspace' });
  await workspaceLink.click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/config$`));
  await expect(privateComments).toBeChecked();
  await workspaceLink.click();
  await leave.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harvard Mark I' })).toBeVisible();
  expect(sent).toHaveLength(1);
  expect((await apiKeyConfig(request, key.id, token)).isPrivateCommentsEnabled).toBe(false);

  // The address of the first half leads to the key this tab opened last.
  await page.goto('/api-keys');
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/config$`));
  await expect(page.getByRole('form', { name: 'API key configuration' })).toBeVisible();
});

test('permission provider: the address rules hold before sending, the token stays masked, a replaced key token is fetched again', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('barbara'),
    workspaceName: 'Liskov Substitution',
  });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the workspace has no key');
  const sent = recordBodies(page, updatePermissionProviderConfig.path);
  const tokensSent: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === updatePermissionProviderConfig.path) {
      tokensSent.push(request.headers()[credentialHeaders.apiKeyToken]);
    }
  });
  // The page's address names the key: it opens as it is, shared or reloaded.
  await openSignedIn(page, workspace, `/keys/${key.id}/permission-provider`);
  const form = page.getByRole('form', { name: 'Permission provider' });
  const effect = page.getByRole('definition').first();
  await expect(effect).toHaveText('Off');

  await form.getByRole('switch', { name: 'Use the permission provider' }).check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    form.getByText('Provider URL is required while the permission provider is on.'),
  ).toBeVisible();
  await form.getByLabel('Provider URL').fill('http://auth.example.com/check');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Provider URL must be a valid https URL.')).toBeVisible();
  expect(sent).toHaveLength(0);

  await form.getByLabel('Provider URL').fill('https://auth.example.com/check');
  await form.getByLabel('Auth token').fill('pp-secret-token-0123456789');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Permission provider saved');
  expect(sent).toEqual([
    {
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://auth.example.com/check',
        authToken: 'pp-secret-token-0123456789',
      },
    },
  ]);
  await expect(effect).toHaveText('On');
  await expect(form.getByLabel('Auth token')).toHaveValue('');
  await expect(page.getByText('pp-secret-token-0123456789')).toHaveCount(0);
  const token = await authToken(request, workspace, key.id);
  expect(tokensSent).toEqual([token]);
  const saved = await permissionProvider(request, key.id, token);
  expect(saved.usePermissionProvider).toBe(true);
  expect(saved.permissionProviderConfig.permissionProviderUrl).toBe(
    'https://auth.example.com/check',
  );
  expect(saved.permissionProviderConfig.authToken).not.toContain('0123456789');
  await expect(page.getByText(saved.permissionProviderConfig.authToken)).toBeVisible();

  // Another admin resets the key's token: the save is refused in place, the console fetches
  // the key's new token, and saving again goes through with it; the workspace session stays.
  const fresh = await resetAuthToken(request, workspace, key.id);
  await form.getByRole('switch', { name: 'Use the permission provider' }).uncheck();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('alert')).toHaveText('Invalid auth token.');
  await seeToast(page, 'The key’s auth token was replaced');
  expect((await storedSession(page))?.workspaceId).toBe(workspace.id);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Permission provider saved');
  await expect(effect).toHaveText('Off');
  expect(tokensSent).toEqual([token, token, fresh]);
  expect((await permissionProvider(request, key.id, fresh)).usePermissionProvider).toBe(false);
});
