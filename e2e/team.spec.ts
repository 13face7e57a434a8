import { type APIRequestContext, expect, test } from '@playwright/test';
import { updateApiKeyConfig } from '#contract/api-keys';
import { headersOf } from '#contract/credentials';
import { getCurrentSession } from '#contract/sessions';
import { inviteMember } from '#contract/team';
import {
  checkPage,
  checkPhoneWidth,
  expectNoStoredCredential,
  recordBodies,
  seeToast,
  signInByLink,
  storedSession,
  toasts,
} from './support/pages';
import {
  completeLoginThroughApi,
  createWorkspace,
  loginLink,
  post,
  uniqueEmail,
  workspaceCredentials,
} from './support/service';

/**
 * Team access in the console against the real service: people sign in by link into a session
 * (an HttpOnly cookie every tab shares), the owner manages the team, and a viewer reads every
 * page but is offered no change, which the service refuses anyway.
 */

test('the owner invites a viewer, who reads everything and changes nothing until removed', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const ownerEmail = uniqueEmail('ada');
  const viewerEmail = uniqueEmail('grace');
  const workspace = await createWorkspace(request, {
    ownerEmail,
    workspaceName: 'Analytical Engine',
  });
  const [key] = Object.values(workspace.apiKeyList);
  if (!key) throw new Error('the new workspace has no API key');

  // The owner signs in by link: a session, no credential a script could read.
  await signInByLink(page, request, ownerEmail, baseURL);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeVisible();
  await expectNoStoredCredential(page, [workspace.authToken]);
  const ownerShell = page.getByRole('banner');
  await expect(ownerShell.getByText(ownerEmail)).toBeVisible();
  await expect(ownerShell.getByText('Owner', { exact: true })).toBeVisible();

  // An invitation made elsewhere (with the workspace token, which acts as the owner), and one
  // made here: the contract's rule before sending, then sent.
  const adminEmail = uniqueEmail('katherine');
  const invited = await post(
    request,
    inviteMember,
    { email: adminEmail, role: 'admin' },
    workspaceCredentials(workspace),
  );
  expect(invited.httpStatus, invited.message).toBe(200);
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const invites = recordBodies(page, inviteMember.path);
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill('grace@');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(
    /E-mail must be a valid e-mail address\./,
  );
  expect(invites).toHaveLength(0);
  await dialog.getByLabel('E-mail').fill(viewerEmail);
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await seeToast(page, 'Invitation sent');
  expect(invites).toEqual([{ email: viewerEmail, role: 'viewer' }]);
  const invitations = page.getByRole('grid', { name: 'Invitations' });
  await expect(invitations.getByRole('row').filter({ hasText: viewerEmail })).toContainText(
    'Pending',
  );
  await checkPage(page, 'team');
  await checkPhoneWidth(page, 'team');
  // Sent again (a new link), and the other cancelled after a question.
  await invitations
    .getByRole('button', { name: `Send the invitation of ${viewerEmail} again` })
    .click();
  await seeToast(page, 'Invitation sent again');
  expect(invites).toEqual([
    { email: viewerEmail, role: 'viewer' },
    { email: viewerEmail, role: 'viewer' },
  ]);
  await invitations.getByRole('button', { name: `Cancel the invitation of ${adminEmail}` }).click();
  await page
    .getByRole('dialog', { name: `Cancel the invitation of ${adminEmail}?` })
    .getByRole('button', { name: 'Cancel invitation' })
    .click();
  await seeToast(page, `The invitation of ${adminEmail} was cancelled`);
  await expect(invitations.getByRole('row').filter({ hasText: adminEmail })).toHaveCount(0);

  // The viewer follows the invitation's link in a browser of their own.
  const viewerBrowser = await browser.newContext();
  const viewer = await viewerBrowser.newPage();
  const link = await loginLink(request, viewerEmail);
  const origin = new URL(link).origin;
  await viewer.goto(link);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeVisible();
  await expect(viewer.getByRole('banner').getByText(viewerEmail)).toBeVisible();
  await expect(viewer.getByRole('banner').getByText('Viewer', { exact: true })).toBeVisible();
  // Every write of the overview stays in place, disabled, saying why; secrets stay masked.
  for (const name of ['Create API key', 'Reset token']) {
    const button = viewer.getByRole('button', { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', 'Viewers cannot change settings.');
  }
  await expect(viewer.getByText('Viewers see secrets masked.')).toBeVisible();
  await expect(viewer.getByText('Viewers cannot see the workspace token.')).toBeVisible();
  await expect(viewer.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
  // The Status page is an admin's: not offered to a viewer, whose call would be refused.
  const viewerNav = viewer.getByRole('navigation', { name: 'Console' });
  await expect(viewerNav.getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(viewerNav.getByRole('link', { name: 'Status' })).toHaveCount(0);

  // A second tab on a bookmarked page: the same session, no sign-in.
  const tab = await viewerBrowser.newPage();
  await tab.goto(`${origin}/keys/${key.id}/config`);
  await expect(tab.getByRole('heading', { level: 1, name: 'API key configuration' })).toBeVisible();
  const settings = tab.getByRole('form', { name: 'API key configuration' });
  await expect(settings.getByText('Viewers cannot change settings.')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(settings.getByRole('switch').first()).toBeDisabled();
  await tab.getByRole('link', { name: 'Team' }).click();
  const members = tab.getByRole('grid', { name: 'Members' });
  await expect(members.getByRole('row').filter({ hasText: viewerEmail })).toContainText('Active');
  await expect(members.getByRole('button')).toHaveCount(0);
  await expect(tab.getByRole('button', { name: 'Invite member' })).toBeDisabled();

  // A write sent from the page anyway, with the session: the service refuses it.
  const refused = await tab.evaluate(
    async ({ path, headers }) => {
      const answer = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data: { isPrivateCommentsEnabled: true } }),
      });
      return { status: answer.status, body: (await answer.json()) as unknown };
    },
    {
      path: updateApiKeyConfig.path,
      headers: headersOf({ kind: 'session', workspaceId: workspace.id, apiKeyId: key.id }),
    },
  );
  expect(refused).toEqual({
    status: 403,
    body: { error: expect.objectContaining({ status: 'PERMISSION_DENIED' }) as unknown },
  });
  expect(JSON.stringify(refused.body)).toContain('Viewers cannot change settings.');

  // The owner makes the viewer an admin, then removes them, after a question.
  await page.reload();
  const ownerMembers = page.getByRole('grid', { name: 'Members' });
  await ownerMembers.getByRole('button', { name: `Change the role of ${viewerEmail}` }).click();
  const roleDialog = page.getByRole('dialog', { name: `Role of ${viewerEmail}` });
  await roleDialog.getByLabel('Role', { exact: true }).selectOption('admin');
  await roleDialog.getByRole('button', { name: 'Change role' }).click();
  await seeToast(page, `${viewerEmail} is now admin`);
  await expect(ownerMembers.getByRole('row').filter({ hasText: viewerEmail })).toContainText(
    'Admin',
  );
  await ownerMembers.getByRole('button', { name: `Remove ${viewerEmail}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${viewerEmail}?` });
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await seeToast(page, `${viewerEmail} was removed`);
  await expect(ownerMembers.getByRole('row').filter({ hasText: viewerEmail })).toHaveCount(0);

  // The viewer's next step sends them to sign in, in the service's words.
  await tab.getByRole('link', { name: 'Organizations' }).click();
  await expect(tab).toHaveURL(/\/sign-in/);
  await expect(toasts(tab)).toContainText('You are not a member of this workspace.');
  expect(await storedSession(tab)).toBeNull();
  await viewerBrowser.close();

  // The audit log names the person of each step.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const entries = page.getByRole('grid', { name: 'Audit entries' });
  for (const [action, email] of [
    ['Invite Member', ownerEmail],
    ['Complete Login', viewerEmail],
    ['Remove Member', ownerEmail],
  ] as const) {
    await expect(entries.getByRole('row').filter({ hasText: action }).first()).toContainText(email);
  }
  await page.getByLabel('Person').fill(viewerEmail);
  await expect(page).toHaveURL(new RegExp(`person=${encodeURIComponent(viewerEmail)}`));
  // The unfiltered rows of the owner's invitation and removal name the viewer too (as their
  // target), so a single row proves nothing: every row shown at one moment must be theirs.
  const rows = entries.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect
    .poll(async () => {
      const texts = await rows.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(viewerEmail));
    })
    .toBe(true);
  await expect(rows.filter({ hasText: 'Complete Login' })).toHaveCount(1);

  // Signing out ends this browser's session: the next visit asks to sign in.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/team');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fteam$/);
});

test('a person in two workspaces chooses and switches; their sessions, one and all signed out', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('hedy');
  const own = await createWorkspace(request, {
    ownerEmail: email,
    workspaceName: 'Frequency Hopping',
  });
  const other = await createWorkspace(request, {
    ownerEmail: uniqueEmail('george'),
    workspaceName: 'Spread Spectrum',
  });
  const invited = await post(
    request,
    inviteMember,
    { email, role: 'admin' },
    workspaceCredentials(other),
  );
  expect(invited.httpStatus, invited.message).toBe(200);

  // Signing in joins the invited workspace: two to choose from, each with the person's role.
  await signInByLink(page, request, email, baseURL);
  const choices = page.getByRole('list', { name: 'Your workspaces' });
  await expect(choices.getByRole('button', { name: /Spread Spectrum/ })).toContainText('Admin');
  await choices.getByRole('button', { name: /Frequency Hopping/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequency Hopping' })).toBeVisible();
  await expectNoStoredCredential(page, [own.authToken, other.authToken]);
  // The switcher opens the other, where the person is an admin.
  await page.getByRole('combobox', { name: 'Workspace' }).selectOption(other.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Spread Spectrum' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible();

  // Two sign-ins elsewhere, one after the other (each takes the newest link), each with a cookie
  // jar of its own.
  const elsewhere: APIRequestContext[] = [];
  for (const userAgent of [
    'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1',
  ]) {
    const context = await playwright.request.newContext({ baseURL, userAgent });
    await completeLoginThroughApi(context, email);
    elsewhere.push(context);
  }
  const signedIn = async (i: number) =>
    (await post(elsewhere[i] ?? request, getCurrentSession, {}, [{ kind: 'session' }])).httpStatus;

  await page.getByRole('link', { name: 'Your sessions' }).click();
  const sessions = page.getByRole('grid', { name: 'Sessions' });
  const rows = sessions.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await checkPage(page, 'sessions');
  await checkPhoneWidth(page, 'sessions');

  // One signed out from here: only that one is refused after.
  const firefox = rows.filter({ hasText: 'Firefox on Linux' });
  await firefox.getByRole('button', { name: /^Sign out Firefox on Linux, signed in / }).click();
  await seeToast(page, 'Session signed out');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Safari on iOS' })).toHaveCount(1);
  expect(await signedIn(0)).toBe(401);
  expect(await signedIn(1)).toBe(200);

  // Everywhere: the other device and this one.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await signedIn(1)).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2F$/);
  expect(await storedSession(page)).toBeNull();
  await Promise.all(elsewhere.map((context) => context.dispose()));
});
