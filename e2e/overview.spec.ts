import { expect, test } from '@playwright/test';
import { openSignedIn, seeToast, storedSession } from './support/pages';
import {
  apiKeyStatus,
  authToken,
  completeLoginThroughApi,
  createWorkspace,
  emailStatus,
  getWorkspace,
  uniqueEmail,
} from './support/service';
import { getApiKeyConfig } from '#contract/api-keys';
import { credentialHeaders } from '#contract/credentials';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the verification badge checks again, and a second workspace needs the paid plan', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('margaret');
  const workspace = await createWorkspace(request, {
    ownerEmail: email,
    name: 'Margaret Hamilton',
    workspaceName: 'Apollo Guidance',
  });
  await openSignedIn(page, workspace);

  const owner = page.getByRole('region', { name: 'Owner' });
  await expect(owner.getByText('Margaret Hamilton')).toBeVisible();
  await expect(owner.getByText('E-mail not verified')).toBeVisible();

  const checkAgain = owner.getByRole('button', { name: 'Check again' });
  await checkAgain.click();
  await expect(owner.getByText('The service says: Email not yet verified.')).toBeVisible();

  // The owner opens a login link elsewhere; checking again shows what the service now says.
  await completeLoginThroughApi(request, email);
  await checkAgain.click();
  await expect(owner.getByText('E-mail verified', { exact: true })).toBeVisible();
  await expect(
    owner.getByText('The service says: Email verified and workspace reactivated.'),
  ).toBeVisible();
  expect((await emailStatus(request, email)).data.verified).toBe(true);

  // Create Workspace from the overview: the service's refusal shows in the dialog.
  await page.getByRole('button', { name: 'Create workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a workspace' });
  await expect(dialog.getByLabel('Owner e-mail')).toHaveValue(email);
  await dialog.getByLabel('Workspace name').fill('Skylab');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'An additional workspace needs the root workspace of this e-mail to be on a paid plan.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await storedSession(page))?.workspaceId).toBe(workspace.id);
  // The service still holds this e-mail's one workspace, and nothing else.
  const owned = await completeLoginThroughApi(request, email);
  expect(owned.map((entry) => entry.name)).toEqual(['Apollo Guidance']);
});

test('API keys: create one, reveal and copy its token, reset it, use it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('alan');
  const workspace = await createWorkspace(request, { ownerEmail: email, workspaceName: 'Bombe' });
  await openSignedIn(page, workspace);
  const keys = page.getByRole('region', { name: 'API keys' });

  // Create a production key through the dialog.
  const create = keys.getByRole('button', { name: 'Create API key' });
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('radio', { name: /Production/ }).check();
  await dialog.getByLabel('Name').fill('Billing service');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
  await seeToast(page, 'API key created');
  const key = keys.getByRole('article', { name: 'Billing service' });
  await expect(key.getByText('production')).toBeVisible();
  const stored = Object.values((await getWorkspace(request, workspace)).apiKeyList).find(
    (entry) => entry.apiKeyName === 'Billing service',
  );
  expect(stored?.type).toBe('production');
  const apiKey = stored?.id ?? '';
  await expect(key.getByText(apiKey)).toBeVisible();

  // Reveal and copy the token: the one the service holds.
  const oldToken = await authToken(request, workspace, apiKey);
  await expect(key.getByText(oldToken)).toBeHidden();
  await key.getByRole('button', { name: 'Reveal the auth token of Billing service' }).click();
  await expect(key.getByText(oldToken)).toBeVisible();
  await key.getByRole('button', { name: 'Copy auth token of Billing service' }).click();
  await expect(key.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldToken);
  await key.getByRole('button', { name: `Copy ${apiKey}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

  // Reset asks first and says what breaks; Escape leaves everything as it was.
  const reset = key.getByRole('button', { name: 'Reset token' });
  await reset.click();
  const confirm = page.getByRole('dialog', { name: 'Reset the auth token of “Billing service”?' });
  await expect(confirm).toContainText(
    'Every client that uses the current token stops working at once.',
  );
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(reset).toBeFocused();
  expect(await authToken(request, workspace, apiKey)).toBe(oldToken);

  await reset.click();
  await confirm.getByRole('button', { name: 'Reset token' }).click();
  await expect(confirm).toBeHidden();
  await seeToast(page, 'Auth token reset');
  const newToken = await authToken(request, workspace, apiKey);
  expect(newToken).not.toBe(oldToken);
  await expect(key.getByText(newToken)).toBeVisible();
  // The old token fails at once; the new one works.
  expect(await apiKeyStatus(request, apiKey, oldToken)).toBe(401);
  expect(await apiKeyStatus(request, apiKey, newToken)).toBe(200);

  // Use the key: its pages open, calling with its current token; the tab remembers the key.
  const configCalls: (string | undefined)[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === getApiKeyConfig.path) {
      configCalls.push(sent.headers()[credentialHeaders.apiKeyToken]);
    }
  });
  await key.getByRole('link', { name: 'Use this key' }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${apiKey}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'API key overview' })).toBeVisible();
  await expect(page.getByText(email.toLowerCase())).toBeVisible();
  expect(configCalls.length).toBeGreaterThan(0);
  expect(new Set(configCalls)).toEqual(new Set([newToken]));
  expect((await storedSession(page))?.apiKey).toBe(apiKey);
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Workspace' })
    .click();
  await expect(
    keys.getByRole('article', { name: 'Billing service' }).getByText('Opened last'),
  ).toBeVisible();

  // With the root on the paid plan, a second workspace is created and opened.
  await page.getByRole('button', { name: 'Create workspace' }).click();
  const creating = page.getByRole('dialog', { name: 'Create a workspace' });
  await creating.getByLabel('Workspace name').fill('Colossus');
  await creating.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Colossus' })).toBeVisible();
  const switched = await storedSession(page);
  expect(switched?.workspaceId).not.toBe(workspace.id);
  const colossus = await getWorkspace(request, {
    id: switched?.workspaceId ?? '',
    authToken: switched?.workspaceToken ?? '',
  });
  expect(colossus).toMatchObject({ name: 'Colossus', owner: { email: email.toLowerCase() } });
  await expect(keys.getByRole('article', { name: 'Billing service' })).toBeHidden();
});

test('sign out forgets the session; an invalid one sends the admin back to sign in', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('hedy'),
    workspaceName: 'Frequency Hopping',
  });
  await openSignedIn(page, workspace);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequency Hopping' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await storedSession(page)).toBeNull();
  // Signing out is the console's: the service still accepts the workspace token.
  expect((await getWorkspace(request, workspace)).name).toBe('Frequency Hopping');

  // A session the service no longer accepts: back to sign in, with the page remembered.
  await page.evaluate(
    ({ id }) =>
      window.sessionStorage.setItem(
        'console.session',
        JSON.stringify({ baseUrl: '', workspaceId: id, workspaceToken: 'wst_revoked' }),
      ),
    { id: workspace.id },
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2F$/);
  await seeToast(page, 'Please sign in again');
  expect(await storedSession(page)).toBeNull();
});
