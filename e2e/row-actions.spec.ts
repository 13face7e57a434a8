import { type APIRequestContext, expect, test } from '@playwright/test';
import { storedActivities } from './support/activities';
import { storedNotifications } from './support/notifications';
import { numberedIds, rowAt, scrollToEnd, sentData } from './support/grid';
import { apiKeyConfig } from './support/api-keys';
import { openSignedIn, recordBodies, seeToast } from './support/pages';
import { authToken, createApiKey } from './support/service';
import { storedOrganizations } from './support/organizations';
import {
  type Credentials,
  call,
  createEndpoint,
  createEndpoints,
  endpoints,
  messages,
  sendTestEvent,
  startReceiver,
  updateWebhookConfig,
  workspaceWithKey,
} from './support/webhooks';
import {
  addOrganizations,
  addUserGroups,
  addUsersToGroups,
  deleteOrganizations,
} from '#contract/organizations';
import { addDocuments, getDocuments, migrateDocuments } from '#contract/documents';
import { addActivityLogs, getActivityLogs, updateActivityLogs } from '#contract/activities';
import { addNotifications, deleteNotifications } from '#contract/notifications';
import { addUsers, getUsers } from '#contract/users';
import { updateAdvancedWebhookEndpoint } from '#contract/webhooks';
import { resendAdvancedWebhookMessage } from '#contract/webhook-deliveries';
import { updateApiKeyConfig } from '#contract/api-keys';

// Every list whose rows have actions: scrolled far down (the table draws the rows that come into
// view in the elements of rows that left), a row's action must act on that row, and go on acting
// on it when the list is read again under an open dialog; a page opened for another item (another
// key) shows that item's values, not the last one's. What the service received is checked twice:
// the request the console sent, and what the service holds after.

const ORG = 'org-rows';
const COUNT = 150;

async function organizationWith(request: APIRequestContext, owner: string) {
  const seeded = await workspaceWithKey(request, owner);
  await call(request, seeded.credentials, addOrganizations, {
    organizations: [{ organizationId: ORG, organizationName: 'Rows' }],
  });
  return seeded;
}

async function storedDocumentIds(request: APIRequestContext, credentials: Credentials) {
  const documents = await call(request, credentials, getDocuments, {
    organizationId: ORG,
  });
  return documents.map((document) => document.id);
}

function addActivities(request: APIRequestContext, credentials: Credentials, ids: string[]) {
  return call(request, credentials, addActivityLogs, {
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
  await call(request, credentials, addDocuments, {
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
  const migrate = row.getByRole('button', { name: `Migrate ${target}` });
  await migrate.click();
  const dialog = page.getByRole('dialog', { name: `Migrate ${target}` });
  // Escape closes it and gives the focus back to the row's button; opened again, it starts afresh.
  await dialog.getByLabel('New document ID').fill('left unsent');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(migrate).toBeFocused();
  await migrate.click();
  await expect(dialog.getByLabel('New document ID')).toHaveValue('');

  // The contract's "must differ" is judged against the document named.
  await dialog.getByLabel('New document ID').fill(target);
  await dialog.getByRole('button', { name: 'Start migration' }).click();
  await expect(dialog.getByText('must differ from documentId')).toBeVisible();

  await dialog.getByLabel('New document ID').fill(`${target}-moved`);
  const sent = await sentData(page, migrateDocuments.path, () =>
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
  const reread = page.waitForResponse((response) => response.url().endsWith(getActivityLogs.path));
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );
  await reread;
  await expect(page.getByText(`${COUNT} activities.`, { exact: true })).toBeHidden();

  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Action icon (URL or identifier)')).toHaveValue('icon-of-the-row');
  const sent = await sentData(page, updateActivityLogs.path, () =>
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

test('notifications: Delete on a row far down deletes that notification', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const total = 60;
  const { workspace, key, credentials } = await organizationWith(request, 'rows-notifications');
  for (const id of numberedIds('note-row', total)) {
    await call(request, credentials, addNotifications, {
      organizationId: ORG,
      documentId: 'doc-notes',
      createDocument: true,
      notificationId: id,
      actionUser: { userId: 'user-rows', name: 'Row Tester' },
      displayHeadlineMessageTemplate: `Headline ${id}`,
      displayBodyMessage: `Body ${id}`,
      notifyUsers: [],
    });
  }
  const listed = async () =>
    (await storedNotifications(request, credentials, { organizationId: ORG })).map((n) => n.id);
  const target = (await listed()).at(-1) ?? '';

  await openSignedIn(page, workspace, `/keys/${key.id}/notifications?organization=${ORG}`);
  const grid = page.getByRole('grid', { name: 'Notifications' });
  await scrollToEnd(grid, `${total} notifications.`);
  await rowAt(grid, total - 1)
    .getByRole('button', { name: `Delete notification ${target}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Delete notification ${target}` });
  await expect(dialog.getByLabel('Notification IDs')).toHaveValue(target);
  await dialog.getByRole('button', { name: 'Count matching notifications' }).click();
  await expect(dialog.getByText('This deletes 1 notification.')).toBeVisible();
  const sent = await sentData(page, deleteNotifications.path, () =>
    dialog.getByRole('button', { name: 'Delete 1 notification' }).click(),
  );
  expect(sent).toEqual({ organizationId: ORG, notificationIds: [target] });
  await expect(dialog.getByText('All 1 done.')).toBeVisible();
  const stored = await listed();
  expect(stored).toHaveLength(total - 1);
  expect(stored).not.toContain(target);
});

test('organizations: a box ticked far down deletes that organization', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { workspace, key, credentials } = await workspaceWithKey(request, 'rows-organizations');
  await call(request, credentials, addOrganizations, {
    organizations: numberedIds('org-row', COUNT).map((id) => ({
      organizationId: id,
      organizationName: `Organization ${id}`,
    })),
  });
  const target = (await storedOrganizations(request, credentials)).at(-1)?.id ?? '';

  await openSignedIn(page, workspace, `/keys/${key.id}/organizations`);
  const grid = page.getByRole('grid', { name: 'Organizations' });
  await scrollToEnd(grid, `${COUNT} organizations.`);
  await rowAt(grid, COUNT - 1)
    .getByRole('checkbox', { name: `Select ${target}` })
    .check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete Organization ${target}?` });
  await dialog.getByLabel(/Type .* to confirm/).fill(`Organization ${target}`);
  const sent = await sentData(page, deleteOrganizations.path, () =>
    dialog.getByRole('button', { name: 'Delete organization' }).click(),
  );
  expect(sent).toEqual({ organizationIds: [target] });
  await expect(page.getByRole('list', { name: 'Results of deleting organizations' })).toContainText(
    target,
  );
  const stored = (await storedOrganizations(request, credentials)).map((o) => o.id);
  expect(stored).toHaveLength(COUNT - 1);
  expect(stored).not.toContain(target);
});

test('users: a box ticked far down puts that user in the group', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { workspace, key, credentials } = await organizationWith(request, 'rows-users');
  await call(request, credentials, addUsers, {
    organizationId: ORG,
    users: numberedIds('user-row', COUNT).map((id) => ({
      userId: id,
      name: `User ${id}`,
      email: `${id}@example.com`,
    })),
  });
  await call(request, credentials, addUserGroups, {
    organizationId: ORG,
    organizationUserGroups: [{ groupId: 'group-rows', groupName: 'Rows' }],
  });
  const users = async (filter: object) =>
    (
      (await call(request, credentials, getUsers, {
        organizationId: ORG,
        ...filter,
      })) as { userId: string }[]
    ).map((user) => user.userId);
  const target = (await users({})).at(-1) ?? '';

  await openSignedIn(page, workspace, `/keys/${key.id}/users?organization=${ORG}`);
  const grid = page.getByRole('grid', { name: 'Users' });
  await scrollToEnd(grid, `${COUNT} users.`);
  await rowAt(grid, COUNT - 1)
    .getByRole('checkbox', { name: `Select ${target}` })
    .check();
  await page.getByRole('button', { name: 'Add to group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add the selected users to a group' });
  await expect(dialog).toContainText(`1 selected user: ${target}`);
  await dialog.getByLabel('Group ID').fill('group-rows');
  const sent = await sentData(page, addUsersToGroups.path, () =>
    dialog.getByRole('button', { name: 'Add to group' }).click(),
  );
  expect(sent).toEqual({
    organizationId: ORG,
    organizationUserGroupId: 'group-rows',
    userIds: [target],
  });
  await expect(dialog.getByText('All 1 done.')).toBeVisible();
  expect(await users({ organizationUserGroupIds: ['group-rows'] })).toEqual([target]);
});

test('users: a box ticked in one organization is not carried to another that has a user of the same ID', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await organizationWith(request, 'rows-scopes');
  const other = 'org-rows-other';
  await call(request, credentials, addOrganizations, {
    organizations: [{ organizationId: other, organizationName: 'Other rows' }],
  });
  for (const organizationId of [ORG, other]) {
    await call(request, credentials, addUsers, {
      organizationId,
      users: [
        { userId: 'user-shared', name: `Shared in ${organizationId}`, email: 'a@example.com' },
      ],
    });
  }

  await openSignedIn(page, workspace, `/keys/${key.id}/users?organization=${ORG}`);
  const grid = page.getByRole('grid', { name: 'Users' });
  await grid.getByRole('checkbox', { name: 'Select user-shared' }).check();
  await expect(page.getByRole('button', { name: 'Add to group' })).toBeEnabled();
  await page.getByLabel('Organization', { exact: true }).selectOption(other);
  await expect(grid).toContainText(`Shared in ${other}`);
  await expect(grid.getByRole('checkbox', { name: 'Select user-shared' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Add to group' })).toBeDisabled();
});

test('webhook endpoints: a row far down opens that endpoint, whose settings save to it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const total = 45;
  const { workspace, key, credentials } = await workspaceWithKey(request, 'rows-endpoints');
  await updateWebhookConfig(request, credentials, { isEnabled: true });
  await createEndpoints(request, credentials, total);
  const target = (await endpoints(request, credentials)).at(-1);
  if (!target) throw new Error('no endpoint was created');

  await openSignedIn(page, workspace, `/keys/${key.id}/webhooks`);
  const grid = page.getByRole('grid', { name: 'Endpoints' });
  await scrollToEnd(grid, `${total} endpoints.`);
  await rowAt(grid, total - 1)
    .getByRole('link', { name: target.url })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
  const settings = page.getByRole('form', { name: 'Edit endpoint' });
  await expect(settings.getByLabel('URL')).toHaveValue(target.url);
  await settings.getByLabel('Description').fill('The row far down');
  const sent = await sentData(page, updateAdvancedWebhookEndpoint.path, () =>
    settings.getByRole('button', { name: 'Save' }).click(),
  );
  expect(sent).toEqual({ endpointId: target.id, description: 'The row far down' });
  await seeToast(page, 'Endpoint saved');
  const stored = await endpoints(request, credentials);
  expect(stored.filter((e) => e.description === 'The row far down').map((e) => e.id)).toEqual([
    target.id,
  ]);
});

test('delivery log: Resend on a row far down queues that message again', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const total = 45;
  const receiver = await startReceiver();
  try {
    const { workspace, key, credentials } = await workspaceWithKey(request, 'rows-messages');
    await updateWebhookConfig(request, credentials, { isEnabled: true });
    const endpoint = await createEndpoint(request, credentials, { url: receiver.url('/rows') });
    for (let n = 0; n < total; n += 1) await sendTestEvent(request, credentials, endpoint.id);
    const target = (await messages(request, credentials, endpoint.id)).at(-1);
    if (!target) throw new Error('no message was sent');

    await openSignedIn(page, workspace, `/keys/${key.id}/webhooks/${endpoint.id}`);
    const grid = page.getByRole('grid', { name: 'Messages' });
    await scrollToEnd(grid, `${total} messages.`);
    await expect(page.getByText('Every message shown has settled.')).toBeVisible();
    const sent = await sentData(page, resendAdvancedWebhookMessage.path, () =>
      rowAt(grid, total - 1)
        .getByRole('button', { name: `Resend message ${target.id}` })
        .click(),
    );
    expect(sent).toEqual({ endpointId: endpoint.id, messageId: target.id });
    await expect
      .poll(async () => {
        const stored = await messages(request, credentials, endpoint.id);
        return stored.map((message) => message.attempts.length > 1);
      })
      .toEqual(onlyAt(total, total - 1));
  } finally {
    await receiver.close();
  }
});

/** `count` flags, only the one at `index` set. */
const onlyAt = (count: number, index: number) =>
  Array.from({ length: count }, (_, n) => n === index);

test('settings: switching to another key under a changed form shows that key’s settings, and saves only to it', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'rows-keys');
  const other = await createApiKey(request, workspace, { type: 'testing', apiKeyName: 'Other' });
  const sent = recordBodies(page, updateApiKeyConfig.path);

  await openSignedIn(page, workspace, `/keys/${key.id}/config`);
  const form = page.getByRole('form', { name: 'API key configuration' });
  await expect(form.getByLabel('Default document access')).toHaveValue('public');
  // The other key's page once, so that its settings are cached as they would be on a second visit.
  await page.getByLabel('API key', { exact: true }).selectOption(other);
  await expect(page).toHaveURL(new RegExp(`/keys/${other}/config$`));
  await page.getByLabel('API key', { exact: true }).selectOption(key.id);
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/config$`));

  await form.getByLabel('Default document access').selectOption('restricted');
  await page.getByLabel('API key', { exact: true }).selectOption(other);
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/keys/${other}/config$`));
  await expect(form.getByLabel('Default document access')).toHaveValue('public');
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await form.getByRole('switch', { name: 'Private comments' }).check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'Configuration saved');
  expect(sent).toEqual([{ enablePrivateComments: true }]);
  const otherToken = await authToken(request, workspace, other);
  expect(await apiKeyConfig(request, other, otherToken)).toMatchObject({
    defaultDocumentAccessType: 'public',
    isPrivateCommentsEnabled: true,
  });
  expect(await apiKeyConfig(request, key.id, credentials.token)).toMatchObject({
    defaultDocumentAccessType: 'public',
    isPrivateCommentsEnabled: false,
  });
});
