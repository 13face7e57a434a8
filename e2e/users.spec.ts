import { expect, test } from '@playwright/test';
import type { AnyEndpoint } from '#contract/endpoint';
import { apiKeyCredentials, post } from './support/service';
import { seededWorkspace } from './support/organizations';
import { checkPage, checkPhoneWidth, openSignedIn } from './support/pages';
import { workspaceWithKey } from './support/webhooks';
import { addUsers, getUserGroups, getUsers } from '#contract/users';
import { addOrganizations, addUserGroups, addUsersToGroups } from '#contract/organizations';

// The group list's page (GROUPS_PAGE in the console's users queries).
const GROUPS_PAGE = 100;

test('users and groups: filters in the address, the grouped view, users and a group added, users put in and taken out of it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { workspace, key, credentials, demo } = await seededWorkspace(request, baseURL, 'barbara');
  const firstDocument = demo?.documents[0];
  if (!demo || !firstDocument) throw new Error('the demo has no document');
  const groupMembers = async (groupId: string) =>
    (
      (
        await post(
          request,
          getUsers,
          { organizationId: demo.organizationId, organizationUserGroupIds: [groupId] },
          apiKeyCredentials(credentials.apiKey, credentials.token),
        )
      ).data as { userId: string }[]
    ).map((u) => u.userId);

  // The key's overview counts what the seed put in, each count a link to its page.
  await openSignedIn(page, workspace, `/keys/${key.id}`);
  const held = page.getByRole('list', { name: 'What this key holds' });
  await expect(held.getByRole('link', { name: /Organizations/ })).toHaveText(/^1\s*Organizations$/);
  await expect(held.getByRole('link', { name: /Documents/ })).toHaveText(
    new RegExp(`^${demo.documents.length}\\s*Documents$`),
  );
  await expect(held.getByRole('link', { name: /Running executions/ })).toBeVisible();
  await held.getByRole('link', { name: /Users/ }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/users$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Users & groups' })).toBeVisible();
  await expect(page.getByText(`${demo.users.length} users.`)).toBeVisible();
  await checkPage(page, 'users');

  // A document's users; more than 30 IDs is refused in place, as Get Users would.
  await page.getByLabel('Document ID').fill(firstDocument.documentId);
  await expect(page).toHaveURL(/document=/);
  const withAccess = firstDocument.userIds.length;
  await expect(page.getByText(`${withAccess} user${withAccess === 1 ? '' : 's'}.`)).toBeVisible();
  await page.getByLabel('Document ID').fill('');
  await page
    .getByLabel('User IDs (one a line, up to 30)')
    .fill(Array.from({ length: 31 }, (_, i) => `u${i}`).join('\n'));
  await expect(page.getByText('Search at most 30 IDs at once (31 given).')).toBeVisible();
  await page.getByLabel('User IDs (one a line, up to 30)').fill('');

  // Every document's users, grouped.
  // The box follows the address, which the click changes a moment later: checked by its result.
  await page.getByLabel(/Group by document/).click();
  await expect(page.getByLabel(/Group by document/)).toBeChecked();
  await expect(page).toHaveURL(/view=documents/);
  const byDocument = page.getByRole('list', { name: 'Users by document' });
  await expect(byDocument.getByText(firstDocument.documentId, { exact: true })).toBeVisible();
  await page.getByLabel(/Group by document/).click();
  await expect(page.getByLabel(/Group by document/)).not.toBeChecked();

  // Two users, the e-mail rule checked before sending.
  await page.getByRole('button', { name: 'Add users' }).click();
  const adding = page.getByRole('dialog', { name: 'Add users' });
  await adding.getByLabel('User ID 1').fill('u-new-1');
  await adding.getByLabel('Name 1').fill('New One');
  await adding.getByLabel('E-mail 1').fill('not an address');
  await adding.getByRole('button', { name: 'Add another' }).click();
  await adding.getByLabel('User ID 2').fill('u-new-2');
  await adding.getByLabel('Name 2').fill('New Two');
  await adding.getByLabel('E-mail 2').fill('new.two@example.com');
  await adding.getByRole('button', { name: 'Add users' }).click();
  await expect(adding.getByLabel('E-mail 1')).toHaveAttribute('aria-invalid', 'true');
  await adding.getByLabel('E-mail 1').fill('new.one@example.com');
  await adding.getByRole('button', { name: 'Add users' }).click();
  await expect(adding.getByText('All 2 done.')).toBeVisible();
  await adding.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(`${demo.users.length + 2} users.`)).toBeVisible();

  // A group, both new users in it, then one taken out.
  await page.getByRole('button', { name: 'Add groups' }).click();
  const groups = page.getByRole('dialog', { name: 'Add user groups' });
  await groups.getByLabel('Group ID 1').fill('g-new');
  await groups.getByLabel('Group name 1').fill('Newcomers');
  await groups.getByRole('button', { name: 'Add groups' }).click();
  await expect(groups.getByText('All 1 done.')).toBeVisible();
  await groups.getByRole('button', { name: 'Done' }).click();

  await page.getByLabel('User IDs (one a line, up to 30)').fill('u-new-1\nu-new-2');
  await expect(page.getByText('2 users.')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Users' });
  await grid.getByRole('checkbox', { name: 'Select u-new-1' }).check();
  await grid.getByRole('checkbox', { name: 'Select u-new-2' }).check();
  await page.getByRole('button', { name: 'Add to group' }).click();
  const into = page.getByRole('dialog', { name: 'Add the selected users to a group' });
  await into.getByLabel('Group ID').fill('g-new');
  await into.getByRole('button', { name: 'Add to group' }).click();
  await expect(into.getByText('All 2 done.')).toBeVisible();
  await into.getByRole('button', { name: 'Done' }).click();
  expect((await groupMembers('g-new')).sort()).toEqual(['u-new-1', 'u-new-2']);

  await grid.getByRole('checkbox', { name: 'Select u-new-1' }).uncheck();
  await page.getByRole('button', { name: 'Remove from group' }).click();
  const out = page.getByRole('dialog', { name: 'Remove users from a group' });
  await out.getByLabel('Group ID').fill('g-new');
  await out.getByRole('button', { name: 'Remove from group' }).click();
  await expect(out.getByText('All 1 done.')).toBeVisible();
  await out.getByRole('button', { name: 'Done' }).click();
  expect(await groupMembers('g-new')).toEqual(['u-new-1']);
  await page.getByLabel('User IDs (one a line, up to 30)').fill('');
  // The group filter picks from the organization's groups, each with its member count.
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Newcomers (g-new) · 1' });
  await expect(page).toHaveURL(/groups=g-new/);
  await expect(page.getByText('1 user.')).toBeVisible();
});

test('groups: a wrong group ID says what to do without a retry; the list pages with member counts; a group shows its members and its membership actions', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { workspace, key, credentials } = await workspaceWithKey(request, 'gloria');
  const headers = apiKeyCredentials(credentials.apiKey, credentials.token);
  const organizationId = 'org-teams';
  const team = (n: number) => `team-${String(n).padStart(3, '0')}`;
  const GROUPS = GROUPS_PAGE + 20;
  const send = async (endpoint: AnyEndpoint, data: unknown) =>
    expect((await post(request, endpoint, data, headers)).httpStatus).toBe(200);
  await send(addOrganizations, {
    organizations: [{ organizationId, organizationName: 'Teams' }],
  });
  await send(addUsers, {
    organizationId,
    users: ['u1', 'u2', 'u3', 'u4'].map((userId) => ({
      userId,
      name: `Person ${userId}`,
      email: `${userId}@example.com`,
    })),
  });
  await send(addUserGroups, {
    organizationId,
    organizationUserGroups: Array.from({ length: GROUPS }, (_, n) => ({
      groupId: team(n),
      // One name as long as names may be, which the group filter must not widen the page with.
      groupName: n === 1 ? `Team 1 ${'with a very long name '.repeat(8)}`.trim() : `Team ${n}`,
    })),
  });
  const last = team(GROUPS - 1);
  for (const [groupId, userIds] of [
    [team(0), ['u1', 'u2', 'u3']],
    [last, ['u4']],
  ] as const) {
    await send(addUsersToGroups, {
      organizationId,
      organizationUserGroupId: groupId,
      userIds,
    });
  }

  // A group ID that does not exist, from a link: the service's message, what to do instead of a
  // retry that would get the same answer, and a way out.
  await openSignedIn(
    page,
    workspace,
    `/keys/${key.id}/users?organization=${organizationId}&groups=no-such-group`,
  );
  const users = page.getByRole('grid', { name: 'Users' });
  await expect(users.getByRole('alert')).toContainText(
    'User group no-such-group does not exist in organization org-teams.',
  );
  await expect(page.getByRole('button', { name: /Try again/ })).toHaveCount(0);
  await expect(users.getByText('Check the ID, or clear the filter that names it.')).toBeVisible();
  await users.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/groups=/);
  await expect(page.getByText('4 users.')).toBeVisible();

  // The groups, a page at a time as the list scrolls, each with its member count.
  const groups = page.getByRole('grid', { name: 'Groups' });
  await expect(groups.getByRole('row', { name: /team-000/ })).toContainText('3');
  await expect(
    page.getByText(`${GROUPS_PAGE} groups loaded; more load as you scroll.`),
  ).toBeVisible();
  await checkPage(page, 'users-groups');
  await checkPhoneWidth(page, 'users-groups');
  await groups.getByRole('row').nth(1).focus();
  await page.keyboard.press('End');
  await expect(page.getByText(`${GROUPS} groups.`)).toBeVisible();
  await page.keyboard.press('End');

  // Choosing a group shows its members; its membership actions act on it.
  await groups.getByRole('row', { name: new RegExp(last) }).click();
  await expect(page).toHaveURL(new RegExp(`groups=${last}`));
  await expect(page.getByRole('heading', { name: `Members of Team ${GROUPS - 1}` })).toBeVisible();
  await expect(groups.getByRole('row', { name: new RegExp(last) })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByText('1 user.')).toBeVisible();
  await users.getByRole('checkbox', { name: 'Select u4' }).check();
  await page.getByRole('button', { name: 'Remove from group' }).click();
  const out = page.getByRole('dialog', { name: 'Remove users from a group' });
  await expect(out.getByLabel('Group ID')).toHaveValue(last);
  await out.getByRole('button', { name: 'Remove from group' }).click();
  await expect(out.getByText('All 1 done.')).toBeVisible();
  await out.getByRole('button', { name: 'Done' }).click();
  await expect(groups.getByRole('row', { name: new RegExp(last) })).toContainText('0');
  await expect(users.getByText('No user matches these filters')).toBeVisible();
  const stored = await post(
    request,
    getUserGroups,
    { organizationId, groupIds: [last, team(0)] },
    headers,
  );
  expect(stored.data.map((g) => [g.groupId, g.memberCount])).toEqual([
    [team(0), 3],
    [last, 0],
  ]);
});
