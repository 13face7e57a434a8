import { type Page, expect, test } from '@playwright/test';
import {
  expectNoSidewaysScroll,
  holdConsoleScript,
  seedSession,
  signInByLink,
  storedSession,
} from './support/pages';
import { createWorkspace, getWorkspace, uniqueEmail } from './support/service';

/** Records what the Content-Security-Policy refuses on the page from now on. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const refused: string[] = [];
    Object.assign(window, { refusedByPolicy: refused });
    document.addEventListener('securitypolicyviolation', (event) => {
      refused.push(`${event.effectiveDirective}: ${event.blockedURI || event.sample}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy);
}

test('an admin signs in with a workspace ID and token and sees the workspace and its API key', async ({
  page,
  request,
}) => {
  const refused = await watchPolicy(page);
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('ada'),
    workspaceName: 'Analytical Engine',
  });
  const key = Object.values(workspace.apiKeyList)[0];
  if (!key) throw new Error('the new workspace has no API key');

  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole('tab', { name: 'Workspace ID and token' }).click();
  await expect(page).toHaveURL(/method=token/);
  await page.getByLabel('Workspace ID', { exact: true }).fill(workspace.id);
  await page.getByLabel('Workspace auth token').fill(workspace.authToken);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeVisible();
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByText(key.apiKeyName)).toBeVisible();
  await expect(keys.getByText(key.id)).toBeVisible();
  // The session is this tab's, and the service still answers to it.
  const session = await storedSession(page);
  expect(session?.workspaceId).toBe(workspace.id);
  expect((await getWorkspace(request, workspace)).name).toBe('Analytical Engine');
  // The inline scripts of the page (its theme, the drawn sign-in page's) ran, allowed by hash.
  expect(await refused()).toEqual([]);
});

test('the document alone draws the sign-in page, and what is typed before the script runs stays', async ({
  browser,
  page,
  baseURL,
}) => {
  // Without JavaScript: the form, styled by the document's own stylesheet; no stylesheet fetched.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const bare = await noScript.newPage();
    const fetched: string[] = [];
    bare.on('request', (r) => fetched.push(r.resourceType()));
    await bare.goto('/sign-in');
    await expect(bare.getByRole('heading', { name: 'Sign in to a workspace' })).toBeVisible();
    await expect(bare.getByLabel('E-mail', { exact: true })).toBeVisible();
    const send = bare.getByRole('button', { name: 'Send login link' });
    await expect(send).toBeVisible();
    await expect(send).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    expect(fetched).not.toContain('stylesheet');
  } finally {
    await noScript.close();
  }

  // With it, held back until the admin has typed into the drawn form.
  const refused = await watchPolicy(page);
  const release = await holdConsoleScript(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  const email = page.getByLabel('E-mail', { exact: true });
  await email.fill('ada@example.com');
  await expect(page.getByText(`(${new URL(baseURL ?? '').origin})`)).toBeVisible();
  release();
  await expect(page.locator('#prerendered-shell')).toHaveCount(0);
  await expect(email).toHaveValue('ada@example.com');
  await expect(email).toBeFocused();
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  expect(await refused()).toEqual([]);
});

test("the document draws a signed-in person's overview, which the live page replaces", async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('lovelace');
  // Markup in the names is text on the drawn page, as on the live one.
  const name = `Notes <script>window.drawnScript = 1</script> & "G" 'x'`;
  const workspace = await createWorkspace(request, {
    ownerEmail: email,
    name: 'Ada <b>Lovelace</b>',
    workspaceName: name,
  });
  await signInByLink(page, request, email, baseURL);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A new tab, with the console's script held: the document alone draws the overview.
  const tab = await page.context().newPage();
  const refused = await watchPolicy(tab);
  // Whether the drawn page and the live one were ever shown at once, in any frame.
  await tab.addInitScript(() => {
    const check = () => {
      const root = document.getElementById('root');
      const drawn = document.getElementById('drawn-overview-page');
      if (drawn && root && !root.hidden && root.childElementCount > 0) {
        Object.assign(window, { bothShown: true });
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const release = await holdConsoleScript(tab);
  await tab.goto('/', { waitUntil: 'commit' });
  const drawn = tab.locator('#drawn-overview-page');
  await expect(drawn.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(drawn.getByText(workspace.id).first()).toBeVisible();
  await expect(drawn.getByText('Ada <b>Lovelace</b>', { exact: true })).toBeVisible();
  await expect(drawn.getByText(email, { exact: true }).first()).toBeVisible();
  await expect(drawn.getByText('Loading the API keys…')).toBeAttached();
  expect(await tab.evaluate(() => 'drawnScript' in window)).toBe(false);
  // Nothing secret in the document: the workspace token is masked, as Get Workspace masks it.
  expect(await tab.content()).not.toContain(workspace.authToken);
  // A button pressed before the console runs is pressed on the live page.
  await drawn.getByRole('button', { name: 'Create workspace' }).click();

  release();
  const dialog = tab.getByRole('dialog', { name: 'Create a workspace' });
  await expect(dialog).toBeVisible();
  await tab.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(drawn).toHaveCount(0);
  await expect(tab.getByRole('heading', { level: 1, name })).toHaveCount(1);
  await expect(tab.getByRole('list', { name: 'API keys' })).toBeVisible();
  expect(await tab.evaluate(() => 'bothShown' in window || 'drawnScript' in window)).toBe(false);
  expect(await refused()).toEqual([]);
  await tab.close();

  // On a phone: the drawn page fits, and its menu, opened before the console runs, is open after.
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  const phoneHeld = await holdConsoleScript(phone);
  await phone.goto('/', { waitUntil: 'commit' });
  await expect(phone.locator('#drawn-overview-page').getByRole('heading', { name })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await phone.getByRole('button', { name: 'Menu' }).click();
  phoneHeld();
  await expect(phone.locator('#drawn-overview-page')).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(phone.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await phone.close();

  // A tab that holds another workspace's session (a token's) is not shown this one, not even for
  // a frame: the document carries the drawing, and its script leaves it unshown.
  const other = await createWorkspace(request, { ownerEmail: uniqueEmail('babbage') });
  const tokenTab = await page.context().newPage();
  await seedSession(tokenTab, other);
  const held = await holdConsoleScript(tokenTab);
  await tokenTab.goto('/', { waitUntil: 'commit' });
  await expect(tokenTab.locator('#drawn-overview')).toBeAttached();
  await expect(tokenTab.locator('#drawn-overview-page')).toHaveCount(0);
  held();
  await expect(tokenTab.getByRole('heading', { level: 1 })).not.toHaveText(name);
  await expect(tokenTab.getByRole('heading', { level: 1 })).toBeVisible();
  await tokenTab.close();
});

test('a wrong token is refused with the server message, in place', async ({ page, request }) => {
  const workspace = await createWorkspace(request, { ownerEmail: uniqueEmail('grace') });

  await page.goto('/sign-in?method=token');
  await page.getByLabel('Workspace ID', { exact: true }).fill(workspace.id);
  await page.getByLabel('Workspace auth token').fill(`${workspace.authToken}x`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid auth token for workspace.');
  expect(await storedSession(page)).toBeNull();
});

test('the sign-in forms show a field rule before sending', async ({ page }) => {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') sent += 1;
  });
  await page.goto('/sign-in');
  const email = page.getByLabel('E-mail', { exact: true });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/E-mail must be a valid e-mail address\./);
  // The error follows the typing.
  await email.fill('ada@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid');

  // The tabs are one tab stop; the arrow keys move between them.
  await page.getByRole('tab', { name: 'E-mail link' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Workspace ID and token' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Workspace ID and token' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Workspace ID', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(sent).toBe(0);
});

test('the page wanted before signing in opens after it: a page of an API key', async ({
  page,
  request,
}) => {
  const workspace = await createWorkspace(request, {
    ownerEmail: uniqueEmail('hedy'),
    workspaceName: 'Frequency Hopping',
  });
  const key = Object.values(workspace.apiKeyList)[0];
  if (!key) throw new Error('the new workspace has no API key');

  await page.goto(`/keys/${key.id}/permission-provider`);
  await expect(page).toHaveURL(
    new RegExp(`/sign-in\\?redirect=${encodeURIComponent(`/keys/${key.id}/permission-provider`)}`),
  );
  await page.getByRole('tab', { name: 'Workspace ID and token' }).click();
  await page.getByLabel('Workspace ID', { exact: true }).fill(workspace.id);
  await page.getByLabel('Workspace auth token').fill(workspace.authToken);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/keys/${key.id}/permission-provider$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Permission provider' })).toBeVisible();
  // The key's page called with that key: the service's answer is on screen.
  await expect(page.getByRole('form', { name: 'Permission provider' })).toBeVisible();
  expect((await storedSession(page))?.apiKey).toBe(key.id);
});

test('the sign-in page connects to the servers CONSOLE_SERVERS allows, and says so of the others', async ({
  page,
  request,
  baseURL,
}) => {
  const own = new URL(baseURL ?? '').origin;
  // scripts/e2e-server.mjs: the same service under its other name is the one other server.
  const other = own.replace('127.0.0.1', 'localhost');
  const refusal = `This console may only connect to the service that serves it (${own}) and to ${other}; the operator allows other servers with CONSOLE_SERVERS.`;
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST') sent += 1;
  });
  const answer = await page.goto('/sign-in');
  expect(answer?.headers()['content-security-policy']).toContain(`connect-src 'self' ${other};`);

  // Said beside the field before anything is sent, in both ways to sign in.
  const baseUrl = page.getByLabel('Server base URL');
  await page.getByLabel('E-mail', { exact: true }).fill('ada@example.com');
  await baseUrl.fill('https://elsewhere.example');
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toBeFocused();
  await expect(baseUrl).toHaveAccessibleDescription(new RegExp(refusal.replace(/[.()]/g, '\\$&')));
  const workspace = await createWorkspace(request, { ownerEmail: uniqueEmail('joan') });
  await page.getByRole('tab', { name: 'Workspace ID and token' }).click();
  await page.getByLabel('Workspace ID', { exact: true }).fill(workspace.id);
  await page.getByLabel('Workspace auth token').fill(workspace.authToken);
  await baseUrl.fill('http://elsewhere.example:8080/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(refusal)).toBeVisible();
  expect(sent).toBe(0);

  // The server it allows answers.
  await baseUrl.fill(`${other}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('region', { name: 'API keys' })).toBeVisible();
  expect((await storedSession(page))?.baseUrl).toBe(other);
  expect(sent).toBeGreaterThan(0);
});
