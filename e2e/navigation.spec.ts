import { expect, test } from '@playwright/test';
import type { AnyEndpoint } from '#contract/endpoint';
import { addOrganization } from './support/agents';
import {
  apiKeyCredentials,
  authToken,
  createApiKey,
  createWorkspace,
  getWorkspace,
  post,
  uniqueEmail,
} from './support/service';
import { openSignedIn, storedSession } from './support/pages';
import { createEndpoint, updateWebhookConfig, workspaceWithKey } from './support/webhooks';
import { addFolder } from '#contract/folders';
import { addDocuments } from '#contract/documents';
import { deleteOrganizations } from '#contract/organizations';

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
  const navigation = page.getByRole('navigation', { name: 'Console' });
  await navigation.getByRole('button', { name: 'Settings' }).click();
  await navigation.getByRole('link', { name: 'Permission provider' }).click();
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

test('the organization chosen last stays each key’s default; a link naming a folder or document finds its organization', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'ida');
  const headers = apiKeyCredentials(credentials.apiKey, credentials.token);
  const add = async (endpoint: AnyEndpoint, data: unknown) => {
    const answer = await post(request, endpoint, data, headers);
    expect(answer.httpStatus, answer.message).toBe(200);
  };
  await addOrganization(request, credentials, 'beta', 'Beta');
  await addOrganization(request, credentials, 'zulu', 'Zulu');
  await add(addFolder, {
    organizationId: 'zulu',
    folders: [{ folderId: 'plans', folderName: 'Plans' }],
  });
  await add(addDocuments, {
    organizationId: 'zulu',
    documents: [{ documentId: 'charter', documentName: 'Charter' }],
  });
  // Every answer the console gets: a link into the wrong organization answered 404s.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  const organization = page.getByLabel('Organization', { exact: true });

  // Without a choice, the key's first organization; the one chosen becomes the default.
  await openSignedIn(page, workspace, `/keys/${key.id}/documents`);
  await expect(organization).toHaveValue('beta');
  await organization.selectOption('zulu');
  await expect(page).toHaveURL(/organization=zulu/);
  // An organization added since, first in the key's order, does not take its place.
  await addOrganization(request, credentials, 'alpha', 'Alpha');
  for (const segment of ['users', 'documents', 'folders', 'notifications', 'activities']) {
    await page.goto(`/keys/${key.id}/${segment}`);
    await expect(organization, segment).toHaveValue('zulu');
  }
  await page.goto(`/keys/${key.id}/user-data`);
  await expect(organization).toHaveValue('zulu');

  // Another key has its own default.
  const other = await createApiKey(request, workspace, { type: 'testing', apiKeyName: 'Other' });
  const otherToken = await authToken(request, workspace, other);
  await addOrganization(request, { apiKey: other, token: otherToken }, 'yankee', 'Yankee');
  await page.goto(`/keys/${other}/users`);
  await expect(organization).toHaveValue('yankee');

  // A link naming a folder or a document without its organization opens in the one that has it.
  await page.goto(`/keys/${key.id}/folders?folder=plans`);
  await expect(page).toHaveURL(/organization=zulu&folder=plans|folder=plans&organization=zulu/);
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Plans');
  await page.goto(`/keys/${key.id}/documents?ids=charter`);
  await expect(page).toHaveURL(/organization=zulu/);
  await expect(page.getByRole('grid', { name: 'Documents' })).toContainText('Charter');
  // One that no organization has: said once, and the page shows the default organization.
  await page.goto(`/keys/${key.id}/folders?folder=nowhere`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    "The address names folder nowhere without its organization, and none of the key's 3 organizations has it.",
  );
  await expect(page).not.toHaveURL(/folder=/);
  await expect(organization).toHaveValue('zulu');
  await expect(page.getByRole('tree', { name: 'Folders of zulu' })).toBeVisible();
  await expect(alert).toHaveCount(1);
  expect(refused).toEqual([]);

  // The organization chosen last is deleted: the key's first again, without a word.
  await add(deleteOrganizations, { organizationIds: ['zulu'] });
  await page.goto(`/keys/${key.id}/users`);
  await expect(organization).toHaveValue('alpha');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(refused).toEqual([]);

  // A folder the organization named does not have: one message, not one per part that reads it.
  await page.goto(`/keys/${key.id}/folders?organization=beta&folder=nowhere`);
  await expect(page.getByRole('heading', { level: 1, name: 'Folders' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText([
    'Folder nowhere does not exist in organization beta.',
  ]);
  await expect(page.getByRole('heading', { name: 'Documents in this folder' })).toHaveCount(0);
});
