import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { WorkspaceAnswer } from './service';

/**
 * Looks at the page as it is, in both themes: an axe-core scan that must find no serious or
 * critical violation, and a full-page screenshot under e2e-artifacts/ (git-ignored) to look at.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    // The console follows the system's theme until one is chosen, and no test chooses one.
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    // Colours fade into the new theme; contrast is judged on where they end.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    );
    // Only the colours change with the theme, so the dark pass runs the contrast rule alone.
    const axe = new AxeBuilder({ page });
    if (colorScheme === 'dark') axe.withRules(['color-contrast']);
    const { violations } = await axe.analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact ?? ''}): ${violation.help} at ${violation.nodes
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      );
    expect(serious, `accessibility of ${name} in the ${colorScheme} theme`).toEqual([]);
    await screenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The session the console keeps in this tab's sessionStorage. */
export async function storedSession(page: Page) {
  const raw = await page.evaluate(() => window.sessionStorage.getItem('console.session'));
  return raw === null
    ? null
    : (JSON.parse(raw) as {
        baseUrl: string;
        workspaceId: string;
        workspaceToken: string;
        apiKey?: string;
        apiKeyToken?: string;
      });
}

/** The other way in, which these tests use when the login link is not what they are about. */
export async function signInWithToken(page: Page, workspace: WorkspaceAnswer, path = '/') {
  await page.goto(`/sign-in?method=token&redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Workspace ID', { exact: true }).fill(workspace.id);
  await page.getByLabel('Workspace auth token').fill(workspace.authToken);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
}

/** The page fits the viewport: nothing scrolls sideways on a phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** A picture of the page from its top (a sticky sidebar is drawn where the page is scrolled to). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `e2e-artifacts/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}
