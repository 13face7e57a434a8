import { expect, test } from '@playwright/test';
import { storedNotifications } from './support/notifications';
import { seededWorkspace } from './support/organizations';
import { checkPage, checkPhoneWidth, openSignedIn, seeToast } from './support/pages';

const plural = (n: number) => `${n} notification${n === 1 ? '' : 's'}`;

test('notifications: filters in the address, one added with every rule checked and its headline previewed, deleted by inbox and by document after counting', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { workspace, key, credentials, demo } = await seededWorkspace(
    request,
    baseURL,
    'notifications',
  );
  const [seeded] = demo?.notifications ?? [];
  const actor = demo?.users[0];
  const recipient = demo?.users[1];
  const target = demo?.documents[0];
  if (!demo || !seeded || !actor || !recipient || !target) throw new Error('the demo is too small');
  const organizationId = demo.organizationId;
  const total = demo.notifications.length;

  await openSignedIn(page, workspace, `/keys/${key.id}/notifications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(`${plural(total)}.`)).toBeVisible();
  await checkPage(page, 'notifications');

  // The seeded headline filled with its data; filters and order in the address.
  const grid = page.getByRole('grid', { name: 'Notifications' });
  await page.getByLabel('Document ID').fill(seeded.documentId);
  await expect(page).toHaveURL(new RegExp(`document=${seeded.documentId}`));
  await expect(page.getByText(`${plural(1)}.`)).toBeVisible();
  const seededName = String(seeded.displayHeadlineMessageTemplateData?.documentName);
  await expect(grid.getByText(seededName)).toBeVisible();
  await expect(grid.getByText(seeded.actionUser.name ?? '')).toBeVisible();
  await page.getByLabel('Order').selectOption('asc');
  await expect(page).toHaveURL(/order=asc/);
  await page.reload();
  await expect(page.getByText(`${plural(1)}.`)).toBeVisible();
  await expect(page.getByLabel('Document ID')).toHaveValue(seeded.documentId);
  await page.getByLabel('Document ID').fill('no-such-document');
  await expect(page.getByText('No notification matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText(`${plural(total)}.`)).toBeVisible();

  // Add one: each rule refused in place before anything is sent, the headline previewed.
  await page.getByRole('button', { name: 'Add notification' }).first().click();
  const adding = page.getByRole('dialog', { name: 'Add a notification' });
  await adding.getByLabel('Notification ID (optional)').fill('bad id!');
  await adding.getByRole('button', { name: 'Add notification' }).click();
  await expect(adding.getByLabel('Notification ID (optional)')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(adding.getByLabel('Headline', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(adding.getByLabel('Body')).toHaveAttribute('aria-invalid', 'true');
  await adding.getByLabel('Notification ID (optional)').fill('e2e-review-1');
  await adding.getByLabel('Document ID').fill(target.documentId);
  await adding.getByLabel('User ID', { exact: true }).fill(actor.userId);
  await adding.getByLabel('User ID', { exact: true }).blur();
  await expect(adding.getByLabel('Name (optional)')).toHaveValue(actor.name ?? '');
  await adding
    .getByLabel('Headline', { exact: true })
    .fill('{actionUser} asked you to review {doc}');
  const preview = adding.getByRole('region', { name: 'Headline preview' });
  await expect(preview).toContainText(`${actor.name ?? ''} asked you to review {doc}`);
  await expect(preview).toContainText('No value yet for: doc.');
  await adding.getByLabel('Headline data (JSON object, optional)').fill('{"doc": "Q3 plan"');
  await expect(preview).toContainText('not a JSON object yet');
  await adding.getByLabel('Body').fill('Please look before Friday.');
  await adding.getByRole('switch', { name: 'Notify everyone in the organization' }).uncheck();
  await adding.getByRole('button', { name: 'Add notification' }).click();
  await expect(adding.getByText(/is not valid JSON/)).toBeVisible();
  await adding.getByLabel('Headline data (JSON object, optional)').fill('{"doc": "Q3 plan"}');
  await expect(preview).toContainText(`${actor.name ?? ''} asked you to review Q3 plan`);
  await adding.getByRole('button', { name: 'Add notification' }).click();
  await expect(
    adding.getByText(/must name at least one user when notifyAll is false/),
  ).toBeVisible();
  await adding.getByLabel('User ID to notify').fill(recipient.userId);
  await adding.getByRole('button', { name: 'Add user' }).click();
  await expect(adding.getByRole('list', { name: 'Users to notify' })).toContainText(
    recipient.userId,
  );
  await adding.getByLabel('Source data (JSON object, optional)').fill('{"kind": "review"}');
  await checkPage(page, 'notifications-add', '[role="dialog"]');
  await adding.getByRole('button', { name: 'Add notification' }).click();
  await expect(adding.getByText('All 1 done.')).toBeVisible();
  await adding.getByRole('button', { name: 'Done' }).click();
  await seeToast(page, 'Notification added');
  await expect(page.getByText(`${plural(total + 1)}.`)).toBeVisible();
  await expect(grid.getByText('Q3 plan')).toBeVisible();

  const [added] = await storedNotifications(request, credentials, {
    organizationId,
    notificationIds: ['e2e-review-1'],
  });
  expect(added).toMatchObject({
    notifyAll: false,
    notifyUsers: [{ userId: recipient.userId, name: recipient.name }],
    actionUser: { userId: actor.userId, name: actor.name },
    displayHeadlineMessageTemplate: '{actionUser} asked you to review {doc}',
    displayHeadlineMessageTemplateData: { doc: 'Q3 plan' },
    notificationSourceData: { kind: 'review' },
    metadata: { documentId: target.documentId },
  });

  // Delete: the organization alone is refused; a user's inbox is counted, then emptied.
  const inbox = await storedNotifications(request, credentials, {
    organizationId,
    userId: recipient.userId,
  });
  expect(inbox.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Delete notifications' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete notifications' });
  await deleting.getByRole('button', { name: 'Count matching notifications' }).click();
  await expect(deleting.getByText(/Provide at least one of documentId/)).toBeVisible();
  await deleting.getByLabel('User ID (their inbox)').fill(recipient.userId);
  await deleting.getByRole('button', { name: 'Count matching notifications' }).click();
  await expect(deleting.getByText(`This deletes ${plural(inbox.length)}.`)).toBeVisible();
  await expect(deleting.getByText(`leave the inbox of ${recipient.userId}`)).toBeVisible();
  await deleting.getByRole('button', { name: `Delete ${plural(inbox.length)}` }).click();
  await expect(deleting.getByText(`All ${inbox.length} done.`)).toBeVisible();
  await deleting.getByRole('button', { name: 'Done' }).click();
  await seeToast(page, `${plural(inbox.length)} deleted`);
  expect(
    await storedNotifications(request, credentials, { organizationId, userId: recipient.userId }),
  ).toEqual([]);

  // By document, from the list's filter: a changed filter asks for a new count.
  await page.getByLabel('Document ID').fill(seeded.documentId);
  await page.getByRole('button', { name: 'Delete notifications' }).click();
  await expect(deleting.getByLabel('Document ID')).toHaveValue(seeded.documentId);
  await deleting.getByRole('button', { name: 'Count matching notifications' }).click();
  await expect(deleting.getByText(`This deletes ${plural(1)}.`)).toBeVisible();
  await deleting.getByLabel('Location ID').fill('nowhere');
  await expect(
    deleting.getByRole('button', { name: 'Count matching notifications' }),
  ).toBeVisible();
  await deleting.getByLabel('Location ID').fill('');
  await deleting.getByRole('button', { name: 'Count matching notifications' }).click();
  await deleting.getByRole('button', { name: `Delete ${plural(1)}` }).click();
  await expect(deleting.getByText('All 1 done.')).toBeVisible();
  await deleting.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('No notification matches these filters')).toBeVisible();
  expect(
    await storedNotifications(request, credentials, {
      organizationId,
      documentId: seeded.documentId,
    }),
  ).toEqual([]);
  await checkPhoneWidth(page, 'notifications');
});
