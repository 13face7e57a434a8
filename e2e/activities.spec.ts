import { expect, test } from '@playwright/test';
import { storedActivities } from './support/activities';
import { seededWorkspace } from './support/organizations';
import { checkPage, checkPhoneWidth, openSignedIn, seeToast } from './support/pages';

const plural = (n: number) => `${n} ${n === 1 ? 'activity' : 'activities'}`;

test('activity logs: filters in the address, messages filled with their data, one activity edited with a live preview and its result', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { workspace, key, credentials, demo } = await seededWorkspace(
    request,
    baseURL,
    'activities',
  );
  const [review] = demo?.activities ?? [];
  if (!demo || !review) throw new Error('the demo has no review activity');
  const organizationId = demo.organizationId;
  const all = await storedActivities(request, credentials, { organizationId });
  const custom = demo.activities.length;
  const documentName = String(review.displayMessageTemplateData.document);
  const status = String(review.displayMessageTemplateData.status);

  await openSignedIn(page, workspace, `/keys/${key.id}/activities`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity logs' })).toBeVisible();
  await expect(page.getByText(`${plural(all.length)}.`)).toBeVisible();
  await checkPage(page, 'activities');

  // Feature, action, user and document filters in the address; the template filled.
  const grid = page.getByRole('grid', { name: 'Activity logs' });
  await page.getByLabel('Feature types').fill('custom');
  await expect(page).toHaveURL(/features=custom/);
  await expect(page.getByText(`${plural(custom)}.`)).toBeVisible();
  const message = `${review.actionUser.name ?? ''} marked ${documentName} as ${status}`;
  await expect(grid.getByText(message)).toBeVisible();
  await page.getByLabel('Action types').fill(review.actionType);
  await page.getByLabel('User ID').fill(review.actionUser.userId);
  await page.getByLabel('Document ID').fill(review.documentId);
  await expect(page).toHaveURL(new RegExp(`document=${review.documentId}`));
  await page.reload();
  await expect(page.getByText(`${plural(1)}.`)).toBeVisible();
  await expect(page.getByLabel('Action types')).toHaveValue(review.actionType);
  await page.getByLabel('Action types').fill('no-such-action');
  await expect(page.getByText('No activity matches these filters')).toBeVisible();
  await page.getByLabel('Action types').fill(review.actionType);

  // Edit: a change row altered and one added, the message with a live preview, the icon and
  // the entity data; JSON that does not parse is refused before sending.
  await grid.getByRole('button', { name: `Edit ${review.id}` }).click();
  const editing = page.getByRole('dialog', { name: `Edit activity ${review.id}` });
  await expect(editing.getByLabel('Field 1')).toHaveValue('status');
  await editing.getByLabel('To 1').fill('rejected');
  await editing.getByRole('button', { name: 'Add a change' }).click();
  await editing.getByLabel('Field 2').fill('score');
  await editing.getByLabel('From 2').fill('1');
  await editing.getByLabel('To 2').fill('2');
  await editing
    .getByLabel('Message template')
    .fill('{{actionUser}} set {{document}} to {{status}}');
  const preview = editing.getByRole('region', { name: 'Message preview' });
  await expect(preview).toContainText(
    `${review.actionUser.name ?? ''} set ${documentName} to ${status}`,
  );
  await editing
    .getByLabel('Template data (JSON object)')
    .fill(`{"document": "${documentName}", "status": "rejected"`);
  await expect(preview).toContainText('not a JSON object yet');
  await editing.getByLabel('Action icon (URL or identifier)').fill('check-circle');
  await editing.getByLabel('Entity data (JSON)').fill('{"score": 2}');
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect(editing.getByText(/is not valid JSON/)).toBeVisible();
  await editing
    .getByLabel('Template data (JSON object)')
    .fill(`{"document": "${documentName}", "status": "rejected"}`);
  await expect(preview).toContainText(
    `${review.actionUser.name ?? ''} set ${documentName} to rejected`,
  );
  await checkPage(page, 'activities-edit', '[role="dialog"]');
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect(editing.getByText('All 1 done.')).toBeVisible();
  await expect(
    editing.getByRole('list', { name: 'Result of updating the activity' }),
  ).toContainText(review.id);
  await editing.getByRole('button', { name: 'Done' }).click();
  await seeToast(page, 'Activity updated');
  await expect(
    grid.getByText(`${review.actionUser.name ?? ''} set ${documentName} to rejected`),
  ).toBeVisible();

  const [stored] = await storedActivities(request, credentials, {
    organizationId,
    activityIds: [review.id],
  });
  expect(stored).toMatchObject({
    changes: { status: { from: 'in review', to: 'rejected' }, score: { from: 1, to: 2 } },
    displayMessageTemplate: '{{actionUser}} set {{document}} to {{status}}',
    displayMessageTemplateData: { document: documentName, status: 'rejected' },
    actionIcon: 'check-circle',
    entityData: { score: 2 },
    featureType: review.featureType,
  });
  await checkPhoneWidth(page, 'activities');
});
