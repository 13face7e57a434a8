import { expect, type Page, test } from '@playwright/test';
import { MAX_ID_LENGTH } from '#contract/common';
import { keySegments } from '#console/lib/key-segments';
import { addOrganization } from './support/agents';
import { seededWorkspace } from './support/organizations';
import {
  checkPage,
  expectNoSidewaysScroll,
  openSignedIn,
  screenshot,
  storedSession,
  toasts,
} from './support/pages';
import { createApiKey } from './support/service';
import { workspaceWithKey } from './support/webhooks';
import { getFolders } from '#contract/folders';
import { getOrganizations } from '#contract/organizations';
import { getDocuments } from '#contract/documents';
import { getUsers } from '#contract/users';

const FOLDERS_GET = getFolders.path;
const ORGANIZATIONS_GET = getOrganizations.path;
/** The calls the palette makes to find what is typed among the key's data. */
const lookupPaths: string[] = [ORGANIZATIONS_GET, FOLDERS_GET, getDocuments.path, getUsers.path];

function palette(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  return {
    dialog,
    input: dialog.getByRole('combobox', { name: 'Search pages, data and actions' }),
    status: dialog.getByRole('status'),
    group: (name: string) => dialog.getByRole('group', { name }),
  };
}

/** Opens the palette with the shortcut and types `text`, waiting until the results are in. */
async function search(page: Page, text: string) {
  const { input, status } = palette(page);
  if (!(await input.isVisible())) await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await input.fill(text);
  await expect(status).toHaveText(/^(\d+ results?|No results)$/);
}

test('the palette: opened by Ctrl+K and its button, a page by keyboard, an organization, folder, document and user by ID', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { workspace, key, demo } = await seededWorkspace(request, baseURL, 'palette');
  const [folder] = demo?.folders ?? [];
  const [document] = demo?.documents ?? [];
  const [user] = demo?.users ?? [];
  if (!demo || !folder || !document || !user) throw new Error('the demo has too little data');
  const { dialog, input, status, group } = palette(page);

  await openSignedIn(page, workspace, `/keys/${key.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'API key overview' })).toBeVisible();

  // The button opens it; Escape closes it and gives the focus back to the button.
  const button = page.getByRole('button', { name: /^Search…/ });
  await button.click();
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  // Every page and action, announced once counted.
  await expect(status).toHaveText(/^\d+ results$/);
  // The workspace, the keys, the API reference, the audit log, the team, the status (the owner's
  // and admins'), one's sessions, the key's overview and each of its pages.
  await expect(group('Pages').getByRole('option')).toHaveCount(8 + keySegments.length);
  await checkPage(page, 'palette', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Ctrl+K from anywhere, and again to close: the focus comes back to where it was.
  const navLink = page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Organizations' });
  await navLink.focus();
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeHidden();
  await expect(navLink).toBeFocused();

  // A page by keyboard only: type, move with the arrows, Home and End, open with Enter.
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await page.keyboard.type('users');
  await expect(status).toHaveText('1 result');
  await input.fill('');
  await page.keyboard.type('p');
  await expect(status).toHaveText(/^\d+ results$/);
  const selected = dialog.getByRole('option', { selected: true });
  await expect(selected).toHaveText('Permission provider');
  await page.keyboard.press('End');
  await expect(selected).not.toHaveText('Permission provider');
  await expect(input).toHaveAttribute(
    'aria-activedescendant',
    (await selected.getAttribute('id')) ?? '',
  );
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveText('Permission provider');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await expect(selected).toHaveText('Permission provider');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/permission-provider$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Permission provider' })).toBeVisible();

  // An organization by its ID, then by a word of its name: its filtered page.
  await search(page, demo.organizationId);
  const organization = group('Organizations').getByRole('option', {
    name: new RegExp(demo.organizationName),
  });
  await expect(organization).toBeVisible();
  await input.fill(demo.organizationName.split(' ')[0]?.toLowerCase() ?? '');
  await expect(organization).toBeVisible();
  await organization.click();
  await expect(page).toHaveURL(
    new RegExp(`/keys/${key.id}/organizations\\?ids=${demo.organizationId}$`),
  );
  await expect(
    page.getByRole('grid', { name: 'Organizations' }).getByText(demo.organizationName),
  ).toBeVisible();

  // A document by its ID: the documents page of its organization, showing only it.
  await search(page, document.documentId);
  await expect(status).toHaveText('1 result');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(
      `/keys/${key.id}/documents\\?organization=${demo.organizationId}&ids=${document.documentId}$`,
    ),
  );
  await expect(page.getByText('1 document.')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Documents' })).toContainText(document.documentName);

  // A user by ID, from the documents page (whose organization is searched first).
  await search(page, user.userId);
  const found = group('Users').getByRole('option', { name: new RegExp(user.name) });
  await expect(found).toBeVisible();
  await found.click();
  await expect(page).toHaveURL(
    new RegExp(`/keys/${key.id}/users\\?organization=${demo.organizationId}&users=${user.userId}$`),
  );
  await expect(page.getByText('1 user.')).toBeVisible();

  // A folder by ID: the folders page, the folder selected in its organization's tree.
  await search(page, folder.folderId);
  await group('Folders')
    .getByRole('option', { name: new RegExp(folder.folderName) })
    .click();
  await expect(page).toHaveURL(
    new RegExp(
      `/keys/${key.id}/folders\\?organization=${demo.organizationId}&folder=${folder.folderId}$`,
    ),
  );
  await expect(
    page.getByRole('treeitem', { name: new RegExp(folder.folderName) }).first(),
  ).toHaveAttribute('aria-selected', 'true');

  // Nothing found is said so.
  await search(page, 'no-such-thing-anywhere');
  await expect(status).toHaveText('No results');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
});

test('the palette: switch the theme and the API key, sign out, at phone width', async ({
  page,
  request,
}) => {
  const { workspace, key } = await workspaceWithKey(request, 'palette-actions');
  const second = await createApiKey(request, workspace, { type: 'testing', apiKeyName: 'Second' });
  const { dialog, input } = palette(page);
  const html = page.locator('html');

  await page.emulateMedia({ colorScheme: 'light' });
  await openSignedIn(page, workspace, `/keys/${key.id}/webhooks?q=pay`);
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced webhooks' })).toBeVisible();
  await expect(html).not.toHaveClass(/dark/);

  await search(page, 'dark');
  await page.keyboard.press('Enter');
  await expect(html).toHaveClass(/dark/);
  await search(page, 'theme');
  await expect(dialog.getByRole('option', { selected: true })).toHaveText(
    'Switch to the light theme',
  );
  await page.keyboard.press('Enter');
  await expect(html).not.toHaveClass(/dark/);

  // Another key: the same page and filter, for that key.
  await search(page, 'second');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Switch to Second');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/keys/${second}/webhooks\\?q=pay$`));
  await expect(page.getByLabel('Filter by URL, description or UID')).toHaveValue('pay');
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(second);
  await expect.poll(async () => (await storedSession(page))?.apiKey).toBe(second);

  // At phone width the palette fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Search…/ }).click();
  await expect(input).toBeFocused();
  await expectNoSidewaysScroll(page);
  const box = await dialog.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  await screenshot(page, 'palette-phone');

  await input.fill('sign out');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await storedSession(page)).toBeNull();
});

test('the palette looks IDs up once typing pauses, only text that can be an ID, and a miss is no error', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'palette-lookups');
  for (const name of ['Acme', 'Globex', 'Initech']) {
    await addOrganization(request, credentials, name.toLowerCase(), name);
  }
  const { input, dialog } = palette(page);
  // What the lookups asked and how the service answered; what the page logged as an error.
  const lookups: { path: string; data: Record<string, unknown>; status: number }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!lookupPaths.includes(path)) return;
    const { data } = response.request().postDataJSON() as { data: Record<string, unknown> };
    lookups.push({ path, data, status: response.status() });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await openSignedIn(page, workspace, `/keys/${key.id}/organizations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  // Typed at a typing pace: the lookups are for the whole word, asked once it pauses.
  const before = lookups.length;
  await input.pressSequentially('folders', { delay: 40 });
  await expect(dialog.getByRole('option', { name: 'Folders' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ results?$/);
  const asked = lookups.slice(before);
  const folderLookups = asked.filter((lookup) => lookup.path === FOLDERS_GET);
  // The three organizations of the key, each asked once, about the whole word.
  expect(folderLookups.map((lookup) => lookup.data.organizationId).sort()).toEqual([
    'acme',
    'globex',
    'initech',
  ]);
  expect(asked.map((lookup) => JSON.stringify(lookup.data)).join('\n')).not.toMatch(
    /"(f|fo|fol|fold|folde|folder)"/,
  );
  // No such folder, document or user: answered, not refused, and no error anywhere.
  expect(asked.filter((lookup) => lookup.status !== 200)).toEqual([]);
  await expect(dialog.getByText(/failed/)).toHaveCount(0);
  await expect(toasts(page).locator(':scope > div')).toHaveCount(0);
  expect(errors).toEqual([]);

  // Text no ID can be (longer than the contract allows): no lookup by ID at all.
  const long = lookups.length;
  await input.fill('x'.repeat(MAX_ID_LENGTH + 1));
  await expect(dialog.getByRole('status')).toHaveText('No results');
  expect(lookups.slice(long).filter((lookup) => lookup.path !== ORGANIZATIONS_GET)).toEqual([]);
  expect(errors).toEqual([]);
});
