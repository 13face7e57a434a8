import { expect, test } from '@playwright/test';
import { allEndpoints } from '#contract/endpoints';
import { matchingEndpoints } from '#console/features/reference/matching-endpoints';
import { storedOrganizations } from './support/organizations';
import { checkPage, checkPhoneWidth, openSignedIn, recordBodies } from './support/pages';
import { workspaceWithKey } from './support/webhooks';
import { getFolders } from '#contract/folders';

test('API reference: every endpoint from the contract, searched, read and tried with a key', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'ada');
  await openSignedIn(page, workspace, '/');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const total = allEndpoints.length;
  await expect(page.getByText(`${total} of ${total} endpoints`)).toBeVisible();

  // A search in the address, then one endpoint opened with its fields, answer and errors.
  await page.getByLabel('Search endpoints').fill('folders v2 get');
  await expect(page.getByText(`1 of ${total} endpoints`)).toBeVisible();
  await expect(page).toHaveURL(/q=folders/);
  await page.getByRole('link', { name: /^Get Folders \(v2\)/ }).click();
  await expect(page).toHaveURL(/endpoint=%2Fv2%2Forganizations%2Ffolders%2Fget/);
  const fields = page.getByRole('table');
  await expect(fields.getByRole('row', { name: /maxDepth/ })).toContainText('value 1–50');
  await expect(fields.getByRole('row', { name: /^organizationId/ })).toContainText('required');
  await expect(page.getByLabel('Answer of Get Folders (v2)')).toContainText('data: Folder[];');
  await expect(page.getByText('INVALID_ARGUMENT (400)')).toBeVisible();
  await checkPage(page, 'reference');

  // Try it: the contract's rule before sending, then the service's answer as it came.
  const sent = recordBodies(page, getFolders.path);
  const tryIt = page.getByRole('form', { name: 'Try Get Folders (v2)' });
  await expect(tryIt.getByLabel('API key')).toHaveValue(key.id);
  await tryIt.getByLabel('maxDepth').fill('0');
  await tryIt.getByRole('button', { name: 'Send request' }).click();
  await expect(tryIt.getByText('must be at least 1')).toBeVisible();
  expect(sent).toEqual([]);
  await tryIt.getByLabel('maxDepth').fill('2');
  await tryIt.getByLabel('organizationId (required)').fill('nowhere');
  await tryIt.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/^HTTP 400 in \d+ ms$/)).toBeVisible();
  await expect(page.getByLabel('Raw answer')).toContainText('Organization nowhere does not exist.');
  expect(sent).toEqual([{ organizationId: 'nowhere', maxDepth: 2 }]);

  // A write through Try it, with a JSON field: the service holds what it sent.
  await page.goto('/reference?q=add+organizations&endpoint=%2Fv2%2Forganizations%2Fadd');
  const add = page.getByRole('form', { name: 'Try Add Organizations' });
  await add.getByLabel('organizations (required)').fill('[{"organizationId": "tried"');
  await add.getByRole('button', { name: 'Send request' }).click();
  await expect(add.getByText(/must be JSON/)).toBeVisible();
  await add
    .getByLabel('organizations (required)')
    .fill('[{"organizationId": "tried", "organizationName": "Tried from the reference"}]');
  await add.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/^HTTP 200 in \d+ ms$/)).toBeVisible();
  const stored = await storedOrganizations(request, credentials);
  expect(stored).toContainEqual(
    expect.objectContaining({ id: 'tried', organizationName: 'Tried from the reference' }),
  );
  await checkPhoneWidth(page, 'reference');
});

test('a link to one endpoint of the reference opens it in view', async ({ page, request }) => {
  const { workspace } = await workspaceWithKey(request, 'linus');
  // The last endpoint of the page: far below its top.
  const last = matchingEndpoints(allEndpoints, undefined, undefined).at(-1)?.endpoints.at(-1);
  if (!last) throw new Error('the contract has no endpoint');
  for (const size of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await openSignedIn(page, workspace, `/reference?endpoint=${encodeURIComponent(last.path)}`);
    const entry = page.getByRole('link', { name: new RegExp(`^${escape(last.name)}`) });
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    await expect(entry).toBeInViewport();
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
