import { type APIRequestContext, expect, test } from '@playwright/test';
import { storedActivities } from './support/activities';
import { numberedIds, rowAt, scrollToEnd, sentData } from './support/grid';
import { openSignedIn, seeToast } from './support/pages';
import { type Credentials, call, workspaceWithKey } from './support/webhooks';

// Every list whose rows have actions: scrolled far down (the table draws the rows that come into
// view in the elements of rows that left), a row's action must act on that row, and go on acting
// on it when the list is read again under an open dialog. What the service received is checked
// twice: the request the console sent, and what the service holds after.

const ORG = 'org-rows';
const COUNT = 150;

async function organizationWith(request: APIRequestContext, owner: string) {
  const seeded = await workspaceWithKey(request, owner);
  await call(request, seeded.credentials, '/v2/organizations/add', {
    organizations: [{ organizationId: ORG, organizationName: 'Rows' }],
  });
  return seeded;
}

async function storedDocumentIds(request: APIRequestContext, credentials: Credentials) {
  const documents = await call<{ id: string }[]>(
    request,
    credentials,
    '/v2/organizations/documents/get',
    { organizationId: ORG },
  );
  return documents.map((document) => document.id);
}

function addActivities(request: APIRequestContext, credentials: Credentials, ids: string[]) {
  return call(request, credentials, '/v2/activities/add', {
    organizationId: ORG,
    activities: ids.map((id) => ({
      id,
      featureType: 'custom',
      actionType: 'note',
      actionUser: { userId: 'user-rows', name: 'Row Tester' },
      displayMessageTemplate: `Note ${id}`,
    })),
  });
}

test('documents: Migrate on a row far down names, checks and migrates that document', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { workspace, key, credentials } = await organizationWith(request, 'rows-documents');
  await call(request, credentials, '/v2/organizations/documents/add', {
    organizationId: ORG,
    documents: numberedIds('doc-row', COUNT).map((id) => ({
      documentId: id,
      documentName: `Document ${id}`,
    })),
  });
  const listed = await storedDocumentIds(request, credentials);
  const target = listed.at(-1) ?? '';

  await openSignedIn(page, workspace, `/keys/${key.id}/documents?organization=${ORG}`);
  const grid = page.getByRole('grid', { name: 'Documents' });
  await scrollToEnd(grid, `${COUNT} documents.`);
  const row = rowAt(grid, COUNT - 1);
  await expect(row).toContainText(target);
  await row.getByRole('button', { name: `Migrate ${target}` }).click();
  const dialog = page.getByRole('dialog', { name: `Migrate ${target}` });

  // The contract's "must differ" is judged against the document named.
  await dialog.getByLabel('New document ID').fill(target);
  await dialog.getByRole('button', { name: 'Start migration' }).click();
  await expect(dialog.getByText('must differ from documentId')).toBeVisible();

  await dialog.getByLabel('New document ID').fill(`${target}-moved`);
  const sent = await sentData(page, '/v2/organizations/documents/migrate', () =>
    dialog.getByRole('button', { name: 'Start migration' }).click(),
  );
  expect(sent).toEqual({
    organizationId: ORG,
    documentId: target,
    newDocumentId: `${target}-moved`,
  });
  await seeToast(page, 'Migration completed');
  const stored = await storedDocumentIds(request, credentials);
  expect(stored).toContain(`${target}-moved`);
  expect(stored).not.toContain(target);
  expect(stored).toHaveLength(COUNT);
});

test('activity logs: Edit on a row far down saves that activity, even when the list is read again under the dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { workspace, key, credentials } = await organizationWith(request, 'rows-activities');
  await addActivities(request, credentials, numberedIds('act-old', COUNT));
  const listed = await storedActivities(request, credentials, { organizationId: ORG });
  const target = listed.at(-1)?.id ?? '';

  // The page's clock, so that the list can be made stale (30 s) without waiting.
  await page.clock.install();
  await openSignedIn(page, workspace, `/keys/${key.id}/activities?organization=${ORG}`);
  const grid = page.getByRole('grid', { name: 'Activity logs' });
  await scrollToEnd(grid, `${COUNT} activities.`);
  const row = rowAt(grid, COUNT - 1);
  await expect(row).toContainText(`Note ${target}`);
  await row.getByRole('button', { name: `Edit ${target}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit activity ${target}` });
  await dialog.getByLabel('Action icon (URL or identifier)').fill('icon-of-the-row');

  // Newer activities arrive and the list is read again as the admin comes back to the tab: the
  // row moves 80 places down, and the element that drew it now draws another activity.
  await addActivities(request, credentials, numberedIds('act-new', 80));
  await page.clock.fastForward(31_000);
  const reread = page.waitForResponse((response) => response.url().endsWith('/v2/activities/get'));
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );
  await reread;
  await expect(page.getByText(`${COUNT} activities.`, { exact: true })).toBeHidden();

  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Action icon (URL or identifier)')).toHaveValue('icon-of-the-row');
  const sent = await sentData(page, '/v2/activities/update', () =>
    dialog.getByRole('button', { name: 'Save changes' }).click(),
  );
  expect(sent).toEqual({
    organizationId: ORG,
    activities: [{ id: target, actionIcon: 'icon-of-the-row' }],
  });
  await expect(dialog.getByText('All 1 done.')).toBeVisible();
  const changed = await storedActivities(request, credentials, {
    organizationId: ORG,
    pageSize: 1000,
  });
  expect(
    changed.filter((activity) => activity.actionIcon !== null).map((activity) => activity.id),
  ).toEqual([target]);
});
