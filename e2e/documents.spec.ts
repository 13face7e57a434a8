import { expect, test } from '@playwright/test';
import { seededWorkspace } from './support/organizations';
import { checkPage, openSignedIn, seeToast } from './support/pages';
import { apiKeyCredentials, post } from './support/service';
import type { Credentials } from './support/webhooks';
import { getDocuments } from '#contract/documents';

async function storedDocumentIds(
  request: Parameters<typeof post>[0],
  credentials: Credentials,
  organizationId: string,
) {
  const answer = await post(
    request,
    getDocuments,
    { organizationId },
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  return answer.data.map((d) => d.id);
}

test('documents: the seeded ones by folder and ID in the address, one added, migrations followed to their end', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { workspace, key, credentials, demo } = await seededWorkspace(request, baseURL, 'ada');
  if (!demo) throw new Error('the demo has no organization');
  const inFolder = demo.documents.filter((d) => d.folderId !== undefined);
  const folderId = inFolder[0]?.folderId ?? '';
  const folderDocuments = demo.documents.filter((d) => d.folderId === folderId);
  const [first, second] = demo.documents;
  if (!first || !second) throw new Error('the demo has too few documents');

  await openSignedIn(page, workspace, `/keys/${key.id}/documents`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByLabel('Organization')).toHaveValue(demo.organizationId);
  await expect(page.getByText(`${demo.documents.length} documents.`)).toBeVisible();
  await checkPage(page, 'documents');

  // A folder's documents, then two by ID; both in the address.
  await page.getByLabel('Folder ID').fill(folderId);
  await expect(page).toHaveURL(new RegExp(`folder=${folderId}`));
  const grid = page.getByRole('grid', { name: 'Documents' });
  const folderCount = `${folderDocuments.length} document${folderDocuments.length === 1 ? '' : 's'}.`;
  await expect(page.getByText(folderCount)).toBeVisible();
  await page.getByLabel('Folder ID').fill('');
  await page
    .getByLabel('Document IDs (one a line, up to 30)')
    .fill(`${first.documentId}\n${second.documentId}`);
  await expect(page.getByText('2 documents.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('2 documents.')).toBeVisible();
  await page.getByLabel('Document IDs (one a line, up to 30)').fill('');

  // Add one at the organization's top level.
  await page.getByRole('button', { name: 'Add documents' }).click();
  const adding = page.getByRole('dialog', { name: 'Add documents' });
  await adding.getByLabel('Document ID 1').fill('doc-new');
  await adding.getByLabel('Name 1').fill('A new document');
  await adding.getByRole('button', { name: 'Add document' }).click();
  await expect(adding.getByText('All 1 done.')).toBeVisible();
  await adding.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(`${demo.documents.length + 1} documents.`)).toBeVisible();

  // Migrate the first document: the form refuses its own ID, then the live status to completed.
  await page.getByLabel('Document IDs (one a line, up to 30)').fill(first.documentId);
  await expect(page.getByText('1 document.')).toBeVisible();
  await grid.getByRole('button', { name: `Migrate ${first.documentId}` }).click();
  const migrate = page.getByRole('dialog', { name: `Migrate ${first.documentId}` });
  await migrate.getByLabel('New document ID').fill(first.documentId);
  await migrate.getByRole('button', { name: 'Start migration' }).click();
  await expect(migrate.getByText('must differ from documentId')).toBeVisible();
  await migrate.getByLabel('New document ID').fill('doc-moved');
  await migrate.getByRole('button', { name: 'Start migration' }).click();
  const migrations = page.getByRole('region', { name: 'Migrations' });
  await seeToast(page, 'Migration completed');
  await expect(migrations.getByText('Completed')).toBeVisible();
  const stored = await storedDocumentIds(request, credentials, demo.organizationId);
  expect(stored).toContain('doc-moved');
  expect(stored).not.toContain(first.documentId);

  // A target that exists: the service fails the migration and says why, in place; the list of
  // migrations stays over a reload.
  await page.getByLabel('Document IDs (one a line, up to 30)').fill(second.documentId);
  await grid.getByRole('button', { name: `Migrate ${second.documentId}` }).click();
  const again = page.getByRole('dialog', { name: `Migrate ${second.documentId}` });
  await again.getByLabel('New document ID').fill('doc-new');
  await again.getByRole('button', { name: 'Start migration' }).click();
  await expect(again).toBeHidden();
  await seeToast(page, 'Migration failed');
  await page.reload();
  await expect(migrations.getByText('Failed')).toBeVisible();
  await expect(migrations.getByText(/doc-new/).first()).toBeVisible();
  expect(await storedDocumentIds(request, credentials, demo.organizationId)).toContain(
    second.documentId,
  );
});
