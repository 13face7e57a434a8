import { expect, test } from '@playwright/test';
import { addActivityLogs, updateActivityLogs } from '#contract/activities';
import { getActivityConfig } from '#contract/activity-config';
import { addDomains, getDomains } from '#contract/allowed-domains';
import { getApiKeys } from '#contract/api-keys';
import { checkPage, checkPhoneWidth, openSignedIn, recordBodies, seeToast } from './support/pages';
import {
  apiKeyCredentials,
  authToken,
  createApiKey,
  createWorkspace,
  post,
  uniqueEmail,
  workspaceCredentials,
} from './support/service';

test('a key’s settings: allowed domains added with a preview and removed, activity settings that take effect', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, { ownerEmail: uniqueEmail('ada') });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the workspace has no key');
  const asKey = apiKeyCredentials(key.id, await authToken(request, workspace, key.id));
  const sent = recordBodies(page, addDomains.path);

  await openSignedIn(page, workspace, `/keys/${key.id}/domains`);
  await expect(page.getByRole('heading', { level: 1, name: 'Allowed domains' })).toBeVisible();
  // The navigation lists the key's settings under their own heading.
  const settingsNav = page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('list', { name: 'Settings' });
  await expect(settingsNav.getByRole('link')).toHaveText([
    'API key configuration',
    'Permission provider',
    'Allowed domains',
    'Webhook service',
    'E-mail service',
    'Activity settings',
  ]);
  await expect(page.getByText('No domains allowed yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add allowed domains' });
  const field = form.getByLabel('Domains to allow');
  await field.fill('https://www.Example.com/path\nexa mple.org');
  const preview = form.getByRole('list', { name: 'Normalised domains' });
  await expect(preview.getByRole('listitem')).toHaveText([
    /https:\/\/www\.Example\.com\/path→example\.com/,
    /exa mple\.org→—\(not a domain\)/,
  ]);
  // The contract's rule, at the field, before anything is sent.
  await form.getByRole('button', { name: 'Add 1 domain' }).click();
  await expect(
    form.getByText(
      'Domains to allow must be a domain such as example.com or *.example.com, not "exa mple.org".',
    ),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toHaveLength(0);

  await field.fill('https://www.Example.com/path\n*.Velt.dev, localhost:3000, example.com');
  await expect(preview.getByRole('listitem').last()).toContainText('(given twice)');
  await form.getByRole('button', { name: 'Add 3 domains' }).click();
  await seeToast(page, '3 domains added');
  // Sent as the contract reads them: bare domains (the service counts a repeated one once).
  expect(sent).toEqual([{ domains: ['example.com', '*.velt.dev', 'localhost', 'example.com'] }]);
  const listed = page.getByRole('list', { name: 'Allowed domains' });
  await expect(listed.getByRole('listitem')).toHaveText([
    /^\*\.velt\.dev/,
    /^example\.com/,
    /^localhost/,
  ]);
  await expect(field).toHaveValue('');
  await checkPage(page, 'allowed-domains');
  await checkPhoneWidth(page, 'allowed-domains');

  await listed.getByRole('button', { name: 'Remove localhost' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove localhost?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await seeToast(page, 'localhost removed');
  await expect(listed.getByRole('listitem')).toHaveCount(2);
  const stored = await post(request, getDomains, {}, asKey);
  expect(stored.data.allowedDomains).toEqual(['*.velt.dev', 'example.com']);

  // Activity settings: recorded activities become immutable, new comments record nothing.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Activity settings' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity settings' })).toBeVisible();
  const settings = page.getByRole('form', { name: 'Activity settings' });
  await expect(settings.getByRole('switch', { name: 'Record activities' })).toBeChecked();
  await settings.getByRole('switch', { name: 'Immutable activity logs' }).check();
  await settings.getByRole('checkbox', { name: 'A comment is added' }).uncheck();
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Activity settings saved');
  await checkPage(page, 'activity-settings');
  await checkPhoneWidth(page, 'activity-settings');

  const config = await post(request, getActivityConfig, {}, asKey);
  expect(config.data.activityServiceConfig).toMatchObject({
    isEnabled: true,
    immutable: true,
    triggers: { comment: { 'comment_annotation.add': true, 'comment.add': false } },
  });
  await post(
    request,
    addActivityLogs,
    {
      organizationId: 'org-e2e',
      activities: [
        { id: 'act-1', featureType: 'custom', actionType: 'x.done', actionUser: { userId: 'u' } },
      ],
    },
    asKey,
  );
  const update = await post(
    request,
    updateActivityLogs,
    { organizationId: 'org-e2e', activities: [{ id: 'act-1', actionIcon: 'star' }] },
    asKey,
  );
  expect(update.data).toEqual({
    'act-1': {
      success: false,
      message:
        'Activity logs are immutable for this API key (Update Activity Config): nothing was changed.',
    },
  });
});

test('the workspace page pages through its API keys and renames the one a row opened', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, { ownerEmail: uniqueEmail('keys') });
  // One key more than a page of the list (10).
  const created: string[] = [];
  for (let i = 1; i <= 10; i += 1) {
    created.push(
      await createApiKey(request, workspace, { type: 'production', apiKeyName: `Key ${i}` }),
    );
  }
  const last = created.at(-1) ?? '';

  await openSignedIn(page, workspace);
  const keys = page.getByRole('list', { name: 'API keys' });
  await expect(page.getByText('Showing 10 of 11')).toBeVisible();
  await expect(keys.getByRole('heading', { name: 'Key 10' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show more keys' }).click();
  await expect(page.getByText('Showing 11 of 11')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more keys' })).toHaveCount(0);

  const row = keys.getByRole('article', { name: 'Key 10' });
  await row.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename “Key 10”' });
  const name = dialog.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Key 10');
  await name.fill('');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByText(/^Name must/)).toBeVisible();
  await name.fill('Billing service');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await seeToast(page, 'API key renamed');
  await expect(keys.getByRole('article', { name: 'Billing service' })).toBeVisible();
  await expect(keys.getByRole('article', { name: 'Key 10' })).toHaveCount(0);

  const stored = await post(
    request,
    getApiKeys,
    { apiKeys: [last] },
    workspaceCredentials(workspace),
  );
  expect(stored.data).toEqual([{ id: last, apiKeyName: 'Billing service', type: 'production' }]);
});
