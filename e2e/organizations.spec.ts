import { expect, test } from '@playwright/test';
import { DEMO_SCALE, seedKey, storedOrganizations } from './support/organizations';
import { checkPage, checkPhoneWidth, openSignedIn } from './support/pages';
import { workspaceWithKey } from './support/webhooks';

test('organizations: the seeded ones listed, several added with per-item results, an id with a space found whole, deleted after typing their names', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { workspace, key, credentials } = await workspaceWithKey(request, 'grace');
  // The demo data of `npm run seed`, one organization's worth.
  const seeded = await seedKey(baseURL ?? '', credentials, DEMO_SCALE);
  const [demo] = await storedOrganizations(request, credentials);
  expect(demo).toBeDefined();
  expect(seeded.steps.length).toBeGreaterThan(0);
  await openSignedIn(page, workspace, `/keys/${key.id}/organizations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Organizations' });
  await expect(grid.getByText(demo?.organizationName ?? '')).toBeVisible();
  await expect(page.getByText('1 organization.')).toBeVisible();
  await checkPage(page, 'organizations');
  await checkPhoneWidth(page, 'organizations');

  // Add three at once: the form checks each row before sending; the demo organization's id is
  // refused by the service while the others are added.
  await page.getByRole('button', { name: 'Add organizations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add organizations' });
  await dialog.getByRole('button', { name: 'Add organization' }).click();
  await expect(dialog.getByText('must not be empty').first()).toBeVisible();
  // An id may hold a space (the hosted product takes it), not a control character (a row pasted
  // from a spreadsheet brings a tab): the rule shows at the field before anything is sent. The
  // form trims what was typed, so the ends' spaces go.
  await dialog.getByLabel('Organization ID 1').fill('acme corp\tAcme');
  await dialog.getByLabel('Name 1').fill('Acme');
  await dialog.getByRole('button', { name: 'Add organization' }).click();
  await expect(
    dialog.getByText(
      'must not contain control or bidirectional formatting characters (U+0009 at character 10)',
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel('Organization ID 1')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Organization ID 1').fill(' acme corp ');
  await dialog.getByRole('button', { name: 'Add another' }).click();
  await dialog.getByLabel('Organization ID 2').fill('globex');
  await dialog.getByLabel('Name 2').fill('Globex');
  await dialog.getByRole('button', { name: 'Add another' }).click();
  await dialog.getByLabel('Organization ID 3').fill(demo?.id ?? '');
  await dialog.getByLabel('Name 3').fill('Again');
  await dialog.getByRole('button', { name: 'Add organizations' }).click();
  const results = dialog.getByRole('list', { name: 'Results of adding organizations' });
  await expect(dialog.getByText('2 of 3 done, 1 refused.')).toBeVisible();
  await expect(results.getByRole('listitem').first()).toContainText(demo?.id ?? '');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('3 organizations.')).toBeVisible();

  // Found by id, one a line, the search in the address: an id with a space is one value.
  const search = page.getByLabel(/Search by organization ID/);
  await search.fill('acme corp');
  await expect(page.getByText('1 organization.')).toBeVisible();
  await expect(grid.getByText('Acme', { exact: true })).toBeVisible();
  await search.fill('globex\nacme corp');
  await expect(page).toHaveURL(/ids=globex/);
  await expect(page.getByText('2 organizations.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('2 organizations.')).toBeVisible();
  await search.fill('');
  await expect(page.getByText('3 organizations.')).toBeVisible();

  // Delete two: typed confirmation, per-organization results, and the service holds only one.
  await grid.getByRole('checkbox', { name: 'Select acme corp' }).check();
  await grid.getByRole('checkbox', { name: 'Select globex' }).check();
  await page.getByRole('button', { name: 'Delete 2 selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 organizations?' });
  await expect(confirm.getByText(/deleted with its folders and documents/)).toBeVisible();
  const confirmButton = confirm.getByRole('button', { name: 'Delete organizations' });
  await expect(confirmButton).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill('delete 2 organizations');
  await confirmButton.click();
  const deletion = page.getByRole('list', { name: 'Results of deleting organizations' });
  await expect(deletion.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('All 2 done.')).toBeVisible();
  await expect(page.getByText('1 organization.')).toBeVisible();
  expect((await storedOrganizations(request, credentials)).map((o) => o.id)).toEqual([demo?.id]);

  // The demo organization, by its name.
  await grid.getByRole('checkbox', { name: `Select ${demo?.id ?? ''}` }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const last = page.getByRole('dialog', { name: `Delete ${demo?.organizationName ?? ''}?` });
  await last.getByLabel(/to confirm/).fill(demo?.organizationName ?? '');
  await last.getByRole('button', { name: 'Delete organization' }).click();
  await expect(page.getByText('No organizations yet')).toBeVisible();
  expect(await storedOrganizations(request, credentials)).toEqual([]);
});
