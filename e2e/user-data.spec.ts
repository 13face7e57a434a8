import { expect, test } from '@playwright/test';
import { seededWorkspace } from './support/organizations';
import { checkPage, checkPhoneWidth, openSignedIn, seeToast } from './support/pages';
import {
  addDocumentReactions,
  downloadedText,
  features,
  storedUserData,
  storedUserIds,
} from './support/user-data';

/** Added to the seeded ones, so that the user's reactions take two pages of the export. */
const EXTRA_REACTIONS = 150;

test('user data: a seeded user found, exported as JSON and JSON Lines, an export cancelled, the user erased after the preview, the job followed over reloads', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { workspace, key, credentials, demo } = await seededWorkspace(request, baseURL, 'grace');
  const [document] = demo?.documents ?? [];
  if (!demo || !document) throw new Error('the demo has no document');
  const organizationId = demo.organizationId;
  // The user who wrote the most comments, with more reactions added through the service.
  const authored = (userId: string) =>
    demo.annotations.flatMap((a) => a.comments).filter((c) => c.from.userId === userId).length;
  const user = [...demo.users].sort((a, b) => authored(b.userId) - authored(a.userId))[0];
  if (!user) throw new Error('the demo has no user');
  await addDocumentReactions(
    request,
    credentials,
    { organizationId, documentId: document.documentId },
    user,
    EXTRA_REACTIONS,
  );
  const held = await storedUserData(request, credentials, organizationId, user.userId);
  const heldTotal = features.reduce((sum, feature) => sum + held[feature].length, 0);

  await openSignedIn(page, workspace, `/keys/${key.id}/user-data`);
  await expect(page.getByRole('heading', { level: 1, name: 'User data' })).toBeVisible();
  await expect(page.getByLabel('Organization', { exact: true })).toHaveValue(organizationId);
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await checkPage(page, 'user-data');

  // An ID the contract refuses is said before asking; then the user, whom Get Users names.
  await page.getByLabel('User ID', { exact: true }).fill('u'.repeat(129));
  await expect(page.getByText('User ID must be at most 128 characters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await page.getByLabel('User ID', { exact: true }).fill(user.userId);
  await expect(page).toHaveURL(new RegExp(`user=${user.userId}`));
  await expect(page.getByText(`${user.name} · ${user.email}`)).toBeVisible();

  // JSON: the file holds exactly what the service holds, read over two pages.
  const exportProgress = page.getByRole('progressbar', { name: 'Export progress' });
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toBe(`user-data-${organizationId}-${user.userId}.json`);
  const json = JSON.parse(await downloadedText(download)) as Record<string, unknown>;
  expect(json).toMatchObject({ organizationId, userId: user.userId });
  for (const feature of features) expect(json[feature]).toEqual(held[feature]);
  await expect(exportProgress).toHaveAttribute('aria-valuenow', '4');
  await expect(exportProgress).toHaveAttribute('aria-valuemax', '4');
  await expect(exportProgress).toHaveAttribute(
    'aria-valuetext',
    `4 of 4 features, 2 pages, ${heldTotal} records`,
  );
  await seeToast(page, 'Export downloaded');

  // JSON Lines: one record per line, with its feature, in the address as the chosen format.
  // The choice lives in the address: the radio follows it once the router has navigated, so the
  // test clicks and waits for that rather than asking the click to check it at once.
  await page.getByLabel(/JSON Lines/).click();
  await expect(page).toHaveURL(/format=jsonl/);
  await expect(page.getByLabel(/JSON Lines/)).toBeChecked();
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toBe(`user-data-${organizationId}-${user.userId}.jsonl`);
  const lines = (await downloadedText(download))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { feature: string; record: unknown });
  expect(lines).toHaveLength(heldTotal);
  for (const feature of features) {
    expect(lines.filter((line) => line.feature === feature).map((line) => line.record)).toEqual(
      held[feature],
    );
  }
  await seeToast(page, 'Export downloaded');

  // Cancel: the first page is held back until the export is cancelled; nothing is downloaded.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/users/data/get', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel export' }).click();
  release();
  await expect(
    page.getByText('Export cancelled after 0 pages; nothing was downloaded.'),
  ).toBeVisible();
  await page.unroute('**/v1/users/data/get');
  expect(downloaded).toBe(false);

  // The erase preview, checked against what the service holds of the user.
  const eraseForm = page.getByRole('form', { name: 'Users to erase' });
  await expect(eraseForm.getByLabel('User IDs')).toHaveValue(user.userId);
  await expect(eraseForm.getByLabel('Organization IDs')).toHaveValue(organizationId);
  await eraseForm.getByLabel('User IDs').fill('');
  await eraseForm.getByRole('button', { name: 'Preview erase' }).click();
  await expect(eraseForm.getByLabel('User IDs')).toHaveAttribute('aria-invalid', 'true');
  const preview = page.getByRole('group', { name: 'Erase preview' });
  const rowOf = (label: string) =>
    preview
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  // Two users: a column each and their total; changing the form takes the preview away.
  const other = demo.users.find((u) => u.userId !== user.userId && authored(u.userId) > 0);
  if (!other) throw new Error('the demo has no second author');
  await eraseForm.getByLabel('User IDs').fill(`${user.userId}\n${other.userId}`);
  await eraseForm.getByRole('button', { name: 'Preview erase' }).click();
  await expect(preview.getByText('The erase would run 2 tasks and remove:')).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Total' })).toBeVisible();
  await expect(rowOf('Comments').getByRole('cell')).toHaveText([
    String(authored(user.userId)),
    String(authored(other.userId)),
    String(authored(user.userId) + authored(other.userId)),
  ]);
  await expect(preview.getByRole('button', { name: 'Erase 2 users…' })).toBeVisible();
  await eraseForm.getByLabel('User IDs').fill(user.userId);
  await expect(preview).toBeHidden();
  await eraseForm.getByRole('button', { name: 'Preview erase' }).click();
  await expect(preview.getByText('The erase would run 1 task and remove:')).toBeVisible();
  const count = (label: string) => rowOf(label).getByRole('cell');
  await expect(count('Comments')).toHaveText(String(authored(user.userId)));
  await expect(count('Reactions')).toHaveText(String(held.reactions.length));
  await expect(count('Recordings')).toHaveText(String(held.recordings.length));
  await expect(count('Organization memberships')).toHaveText('1');
  await checkPage(page, 'user-data-preview');

  // The typed confirmation, then the job, followed over a reload while it runs and after.
  await preview.getByRole('button', { name: 'Erase user…' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${user.userId}?` });
  await expect(dialog.getByRole('button', { name: 'Erase user' })).toBeDisabled();
  await dialog.getByLabel(`Type ${user.userId} to confirm`).fill(user.userId);
  await checkPage(page, 'user-data-erase-dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Erase user' }).click();
  await expect(dialog).toBeHidden();
  await seeToast(page, 'Erasure started');
  await expect(page).toHaveURL(/job=/);
  const jobId = new URL(page.url()).searchParams.get('job') ?? '';
  await page.reload();
  const job = page.getByRole('region', { name: `Erasure job ${jobId}` });
  await expect(job).toBeVisible();
  await expect(job.getByText('Completed')).toBeVisible();
  const jobProgress = job.getByRole('progressbar', { name: 'Erasure progress' });
  await expect(jobProgress).toHaveAttribute('aria-valuenow', '1');
  await expect(jobProgress).toHaveAttribute('aria-valuetext', '1 of 1 tasks done');
  await page.reload();
  await expect(job.getByText('Every task is done: the users’ data is erased.')).toBeVisible();
  await expect(job.getByText('Tasks left')).toBeVisible();
  await expect(job.getByText('None yet')).toBeHidden();
  await checkPage(page, 'user-data-job');
  await checkPhoneWidth(page, 'user-data');

  // What the service holds now: nothing of the user, who is no longer in the organization.
  const after = await storedUserData(request, credentials, organizationId, user.userId);
  for (const feature of features) expect(after[feature], feature).toEqual([]);
  expect(await storedUserIds(request, credentials, organizationId)).not.toContain(user.userId);

  await job.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/job=/);
});
