import { expect, test } from '@playwright/test';

interface CreatedWorkspace {
  result: {
    data: {
      id: string;
      name: string;
      authToken: string;
      apiKeyList: Record<string, { apiKeyName: string; id: string; type: string }>;
    };
  };
}

test('an admin signs in with a workspace ID and token and sees the workspace and its API key', async ({
  page,
  request,
}) => {
  const email = `ada.${Date.now()}@example.com`;
  const created = await request.post('/v2/workspace/create', {
    data: { data: { ownerEmail: email, workspaceName: 'Analytical Engine' } },
  });
  expect(created.status()).toBe(200);
  const workspace = ((await created.json()) as CreatedWorkspace).result.data;
  const key = Object.values(workspace.apiKeyList)[0];
  if (!key) throw new Error('the new workspace has no API key');

  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Workspace ID').fill(workspace.id);
  await page.getByLabel('Workspace auth token').fill(workspace.authToken);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeVisible();
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByText(key.apiKeyName)).toBeVisible();
  await expect(keys.getByText(key.id)).toBeVisible();
  await page.screenshot({ path: 'e2e-artifacts/workspace-overview.png', fullPage: true });
});

test('a wrong token is refused with the server message, in place', async ({ page, request }) => {
  const created = await request.post('/v2/workspace/create', {
    data: { data: { ownerEmail: `grace.${Date.now()}@example.com` } },
  });
  const workspace = ((await created.json()) as CreatedWorkspace).result.data;

  await page.goto('/sign-in');
  await page.getByLabel('Workspace ID').fill(workspace.id);
  await page.getByLabel('Workspace auth token').fill(`${workspace.authToken}x`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid auth token for workspace.');
});

test('the sign-in form shows a field rule before sending', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Workspace ID')).toHaveAttribute('aria-invalid', 'true');
});
