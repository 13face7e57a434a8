import { expect, test } from '@playwright/test';
import { holdConsoleScript, seeToast, storedSession } from './support/pages';
import {
  createApiKey,
  createWorkspace,
  emailStatus,
  loginLink,
  outbox,
  post,
  uniqueEmail,
} from './support/service';
import { getCurrentSession } from '#contract/sessions';
import { getWorkspace as getWorkspaceEndpoint } from '#contract/workspace';
import {
  completeLogin,
  createWorkspace as createWorkspaceEndpoint,
} from '#contract/workspace-access';

test('a login link from the sign-in page leads straight into the only workspace; resend waits', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('ada');
  const workspace = await createWorkspace(request, {
    ownerEmail: email,
    workspaceName: 'Difference Engine',
  });
  expect((await emailStatus(request, email)).data.verified).toBe(false);
  // A clock the test can move, for the resend cool-down.
  await page.clock.install();

  await page.goto('/sign-in');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to a workspace' }),
  ).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  const resend = page.getByRole('button', { name: /^Resend link/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/Resend link in (30|29) s/);
  await expect(page.getByRole('link', { name: 'Open the local outbox' })).toBeVisible();

  await page.clock.fastForward(30_000);
  await expect(resend).toBeEnabled();
  await expect(resend).toHaveText('Resend link');
  await resend.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'A new link is on its way' }),
  ).toBeVisible();
  await expect(resend).toBeDisabled();

  // Two links went out, each to the console's own sign-in page.
  const link = await loginLink(request, email, 2);
  expect(await outbox(request, email)).toHaveLength(2);
  expect(link.startsWith(`${baseURL ?? ''}/sign-in?`)).toBe(true);
  expect(new URL(link).searchParams.get('mode')).toBe('signIn');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Difference Engine' })).toBeVisible();
  // The one-time code does not stay in the address bar.
  await expect(page).toHaveURL(`${baseURL ?? ''}/`);
  expect((await storedSession(page))?.workspaceId).toBe(workspace.id);

  // A new tab: the overview's document asks who is signed in itself, while the console's script
  // is still on its way (held here), and the console takes that answer instead of asking again.
  const tab = await page.context().newPage();
  const asked: string[] = [];
  tab.on('request', (sent) => {
    if (new URL(sent.url()).pathname === getCurrentSession.path) asked.push(sent.method());
  });
  const release = await holdConsoleScript(tab);
  await tab.goto('/', { waitUntil: 'commit' });
  await expect.poll(() => asked).toEqual(['POST']);
  release();
  await expect(tab.getByRole('heading', { level: 1, name: 'Difference Engine' })).toBeVisible();
  expect(asked).toEqual(['POST']);
  await tab.close();

  // What the service now holds: the e-mail is verified, and the link cannot be used again.
  expect((await emailStatus(request, email)).message).toBe(
    'Email verified and workspace reactivated',
  );
  const reused = await post(request, completeLogin, {
    oobCode: new URL(link).searchParams.get('oobCode'),
  });
  expect(reused.error?.message).toBe('This login link has already been used. Request a new one.');
});

test('an admin with several workspaces chooses one from the outbox link and gets the page they wanted', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('grace');
  const root = await createWorkspace(request, {
    ownerEmail: email,
    workspaceName: 'Harvard Mark I',
  });
  // A second workspace needs the first on the paid plan, which a production key puts it on.
  await createApiKey(request, root, { type: 'production' });
  const second = await createWorkspace(request, { ownerEmail: email, workspaceName: 'UNIVAC' });

  // An address of the first half, from before the API key was part of it.
  await page.goto('/webhooks');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fwebhooks/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();
  await page.getByRole('link', { name: 'Open the local outbox' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Local outbox' })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText(email.toLowerCase());
  await messages.first().getByRole('link', { name: 'Open the sign-in link' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose a workspace' })).toBeVisible();
  const choices = page.getByRole('list', { name: 'Your workspaces' });
  await expect(choices.getByRole('button')).toHaveCount(2);
  await expect(page).not.toHaveURL(/oobCode/);
  await choices.getByRole('button', { name: /UNIVAC/ }).click();

  // The page asked for before signing in, in the chosen workspace: a new tab has opened no key
  // yet, so it asks which key's webhooks to open, then opens them.
  await expect(page).toHaveURL(/\/keys\?next=webhooks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an API key' })).toBeVisible();
  const [key] = Object.values(second.apiKeyList);
  if (!key) throw new Error('the second workspace has no key');
  await page.getByRole('link', { name: `Use ${key.apiKeyName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/webhooks$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced webhooks' })).toBeVisible();
  // The tab keeps which workspace it shows, and no token: the session is the browser's cookie.
  const session = await storedSession(page);
  expect(session?.workspaceId).toBe(second.id);
  expect(session?.workspaceToken).toBeUndefined();
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an address without a workspace creates one through the dialog', async ({ page, request }) => {
  const email = uniqueEmail('katherine');
  let creates = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith(createWorkspaceEndpoint.path)) creates += 1;
  });

  await page.goto('/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await page.goto(await loginLink(request, email));

  await expect(page.getByText('No workspace belongs to this e-mail yet.')).toBeVisible();
  const open = page.getByRole('button', { name: 'Create workspace' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Create a workspace' });
  await expect(dialog.getByLabel('Owner e-mail')).toHaveValue(email);

  // The contract's rules refuse before anything is sent, each under its field.
  await dialog.getByLabel('Owner e-mail').fill('not-an-email');
  await dialog.getByLabel('Workspace name').fill('x'.repeat(201));
  await dialog.getByLabel('Avatar URL').fill('ftp://example.com/a.png');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  for (const [label, message] of [
    ['Owner e-mail', 'Owner e-mail must be a valid e-mail address.'],
    ['Workspace name', 'Workspace name must be at most 200 characters.'],
    ['Avatar URL', 'Avatar URL must be a valid http(s) URL.'],
  ] as const) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(label)).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(message)),
    );
  }
  expect(creates).toBe(0);

  // The service's refusal shows in place.
  await dialog.getByLabel('Owner e-mail').fill('katherine@mailinator.com');
  await dialog.getByLabel('Workspace name').fill('Langley');
  await dialog.getByLabel('Avatar URL').fill('');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This email domain is not supported.');
  expect(creates).toBe(1);

  // Escape closes the dialog and the focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByLabel('Owner name').fill('Katherine Johnson');
  await dialog.getByLabel('Workspace name').fill('Langley');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Langley' })).toBeVisible();
  await seeToast(page, 'Workspace “Langley” created');
  // Opened through the person's session: the service holds it with them as its owner.
  const session = await storedSession(page);
  expect(session?.workspaceToken).toBeUndefined();
  const created = await post(page.request, getWorkspaceEndpoint, {}, [
    { kind: 'session', workspaceId: session?.workspaceId ?? '' },
  ]);
  expect(created.httpStatus, created.message).toBe(200);
  expect(created.data.owner).toMatchObject({
    email: email.toLowerCase(),
    name: 'Katherine Johnson',
  });
  expect(Object.values(created.data.apiKeyList)).toHaveLength(1);
});
