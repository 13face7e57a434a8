import { expect, type Page, test } from '@playwright/test';
import { apiKeyConfig, resetAuthToken } from './support/api-keys';
import { storedAuditEntries } from './support/audit-log';
import { checkPage, checkPhoneWidth, openSignedIn, recordBodies, seeToast } from './support/pages';
import { authToken, createWorkspace, uniqueEmail } from './support/service';
import { getAuditLog } from '#contract/audit-log';

const secret = 'sk-live-audit-0123456789';

function grid(page: Page) {
  return page.getByRole('grid', { name: 'Audit entries' });
}

/** The address's search params, as the page keeps them. */
function searchOf(page: Page) {
  return new URL(page.url()).searchParams;
}

test('audit log: a configuration change from its settings page, filtered by key, action and time in the address, its details with the secret masked, as the service holds it', async ({
  page,
  request,
}) => {
  // A settings save, axe in both themes, the phone width and three reloads: longer than the
  // default on a shared machine.
  test.setTimeout(120_000);
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('ada'),
    workspaceName: 'Analytical Engine',
  });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the workspace has no key');
  const before = atHalfMinute(Date.now() - 60_000);

  // Change the key's configuration through the console's form, with an AI provider key.
  await openSignedIn(page, workspace, `/keys/${key.id}/config`);
  const form = page.getByRole('form', { name: 'API key configuration' });
  await form.getByLabel('Default document access').selectOption('restricted');
  await form.getByRole('button', { name: 'Add a provider key' }).click();
  const provider = form.getByRole('group', { name: 'New provider key 1' });
  await provider.getByLabel('Provider', { exact: true }).fill('openai');
  await provider.getByLabel('API key', { exact: true }).fill(secret);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Configuration saved');
  const token = await authToken(request, workspace, key.id);
  const mask = (await apiKeyConfig(request, key.id, token)).aiModelsConfig?.openai?.displayText;
  if (!mask) throw new Error('the AI key was not stored');
  // Another write on the same key, of another action, for the action filter to tell apart.
  await resetAuthToken(request, workspace, key.id);

  // The page's "Recent changes" opens the log filtered by its key and its action.
  await page.getByRole('link', { name: 'Recent changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  expect(searchOf(page).get('apiKey')).toBe(key.id);
  expect(searchOf(page).get('action')).toBe('Update API Key Config');
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(key.id);
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('Update API Key Config');
  const rows = grid(page).getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the one entry
  const row = rows.nth(1);
  await expect(row).toContainText('Update API Key Config');
  // The console saves a key's settings with the key's own credentials.
  await expect(row).toContainText(`API key ${key.id}`);
  await expect(row).toContainText('defaultDocumentAccessType');
  await expect(row).toContainText('aiModelsConfig');

  // The entry's details: actor, targets, each changed field from → to, the secret masked.
  await row.click();
  expect(searchOf(page).get('entry')).toMatch(/^aud_/);
  const details = page.getByRole('region', { name: /Update API Key Config/ });
  await expect(details).toContainText(`API key ${key.id}`);
  await expect(details).toContainText('User agent');
  await expect(details).toContainText(key.id);
  const access = details.getByRole('listitem', { name: 'defaultDocumentAccessType' });
  await expect(access.getByLabel('From')).toHaveText('"public"');
  await expect(access.getByLabel('To')).toHaveText('"restricted"');
  const aiKeys = details.getByRole('listitem', { name: 'aiModelsConfig' });
  await expect(aiKeys.getByLabel('To')).toContainText(mask);
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await checkPage(page, 'audit-log');
  await checkPhoneWidth(page, 'audit-log');

  // The action filter in the address, kept on reload: the token reset alone.
  await page.getByLabel('Action', { exact: true }).selectOption('Reset Auth Token');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Reset Auth Token');
  await page.reload();
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('Reset Auth Token');
  await expect(rows.nth(1)).toContainText('Reset Auth Token');
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Any action' });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Reset Auth Token'); // newest first
  await expect(rows.nth(2)).toContainText('Update API Key Config');

  // A time range picked in the admin's clock goes to the address as ISO; reload keeps it.
  await page.getByLabel('Since', { exact: true }).fill(localValue(before));
  await expect.poll(() => searchOf(page).get('since')).toBe(toSecond(before));
  await expect(rows).toHaveCount(3);
  const future = atHalfMinute(Date.now() + 3_600_000);
  await page.getByLabel('Since', { exact: true }).fill(localValue(future));
  await expect.poll(() => searchOf(page).get('since')).toBe(toSecond(future));
  await page.reload();
  await expect(page.getByLabel('Since', { exact: true })).toHaveValue(localValue(future));
  await expect(page.getByText('No entry matches these filters')).toBeVisible();

  // An end not after the start is refused on the field with the contract's words, unsent.
  const asked = recordBodies(page, getAuditLog.path);
  await page.getByLabel('Until', { exact: true }).fill(localValue(before));
  await expect(page.getByText('Until must be later than since.')).toBeVisible();
  await expect(page.getByLabel('Until', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(grid(page)).toHaveCount(0);
  expect(asked).toHaveLength(0);
  await page.getByLabel('Until', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(4); // Create Workspace too, with no key
  expect(searchOf(page).get('since')).toBeNull();

  // The navigation reaches the log as well.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(/\/audit-log$/);

  // What the service holds: the entry with the change, the secret only as its mask.
  const stored = await storedAuditEntries(request, workspace, {
    apiKey: key.id,
    action: 'Update API Key Config',
  });
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    action: 'Update API Key Config',
    actor: { credential: { kind: 'apiKey', id: key.id } },
    target: { workspaceId: workspace.id, apiKeyId: key.id },
    changes: { defaultDocumentAccessType: { from: 'public', to: 'restricted' } },
  });
  const everything = await storedAuditEntries(request, workspace);
  expect(everything.map((entry) => entry.action)).toEqual([
    'Reset Auth Token',
    'Update API Key Config',
    'Create Workspace',
  ]);
  expect(JSON.stringify(everything)).not.toContain(secret);
});

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The instant at 30 seconds past its minute: a datetime-local field drops `:00` seconds from its
 * value, so an instant on the minute would read back without them (failed once in CI).
 */
function atHalfMinute(ms: number): Date {
  const at = new Date(ms);
  at.setSeconds(30, 0);
  return at;
}

/** A datetime-local value of an instant in the browser's clock (the tests run in one zone). */
function localValue(at: Date): string {
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** The instant as the page writes it: to the second, in ISO. */
function toSecond(at: Date): string {
  return new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();
}
