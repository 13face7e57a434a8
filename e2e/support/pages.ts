import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';
import { sendLoginLink } from '#contract/workspace';
import { axeViolations } from './axe';
import { loginLink, outbox, post } from './service';

/** Screenshots are taken only when asked (`SCREENSHOTS=1`, as CI does), into e2e-artifacts/. */
const screenshots = process.env.SCREENSHOTS === '1';

/**
 * Looks at the page as it is, in both themes: an axe-core scan that must find no serious or
 * critical violation (the dark pass checks the contrast, the one thing the theme changes), and,
 * when asked, a full-page screenshot of each. `within` limits the scans to a part (an open dialog,
 * whose page was scanned before it opened).
 */
export async function checkPage(page: Page, name: string, within?: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    // The console follows the system's theme until one is chosen, and no test chooses one.
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    // Colours fade into the new theme; contrast is judged on where they end, so the fades are
    // taken to their end at once (a busy machine may not run them to the end for a long while).
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (animation instanceof CSSTransition) animation.finish();
      }
    });
    const violations = await axeViolations(page, {
      ...(within ? { include: within } : {}),
      ...(colorScheme === 'dark' ? { rules: ['color-contrast'] } : {}),
    });
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact ?? ''}): ${violation.help} at ${violation.targets.join(', ')}`,
      );
    expect(serious, `accessibility of ${name} in the ${colorScheme} theme`).toEqual([]);
    await screenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The page at phone width: nothing scrolls sideways; back to the desktop width after. */
export async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
}

/**
 * What the console keeps in this tab's sessionStorage: the workspace it shows, and the workspace
 * token only after a sign-in with one (a person's session is an HttpOnly cookie).
 */
export async function storedSession(page: Page) {
  const raw = await page.evaluate(() => window.sessionStorage.getItem('console.session'));
  return raw === null
    ? null
    : (JSON.parse(raw) as {
        baseUrl: string;
        workspaceId: string;
        workspaceToken?: string;
        apiKey?: string;
      });
}

/**
 * Signs the page in as a person, as they would: a login link mailed to the address (to the local
 * outbox), opened in the page. Answers the link, whose origin the page is on after.
 */
export async function signInByLink(
  page: Page,
  request: APIRequestContext,
  email: string,
  baseURL: string | undefined,
): Promise<string> {
  const before = (await outbox(request, email)).length;
  const sent = await post(request, sendLoginLink, {
    email,
    continueUrl: `${baseURL ?? ''}/sign-in`,
  });
  expect(sent.httpStatus, sent.message).toBe(200);
  const link = await loginLink(request, email, before + 1);
  await page.goto(link);
  return link;
}

/**
 * Nothing the page's scripts can read holds a credential: no secret in sessionStorage or
 * localStorage, no workspace token kept, and the session cookie out of `document.cookie`.
 */
export async function expectNoStoredCredential(page: Page, secrets: readonly string[]) {
  const stored = await page.evaluate(() => {
    const values = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i) ?? '') ?? '');
    return {
      values: [...values(window.sessionStorage), ...values(window.localStorage)],
      cookie: document.cookie,
    };
  });
  for (const secret of secrets) {
    expect(stored.values.some((value) => value.includes(secret))).toBe(false);
  }
  expect((await storedSession(page))?.workspaceToken).toBeUndefined();
  expect(stored.cookie).not.toContain('svc_session');
}

/**
 * Signs the tab in as the console does after a sign-in: the session in sessionStorage, written
 * before the console's first script runs. Only the tab's first page gets it, so that signing out,
 * or a session a test writes itself, is not undone by the next page load. The sign-in page itself
 * is tested in sign-in.spec.ts and login-link.spec.ts.
 */
export async function seedSession(
  page: Page,
  workspace: { id: string; authToken: string },
): Promise<void> {
  const session = { baseUrl: '', workspaceId: workspace.id, workspaceToken: workspace.authToken };
  await page.addInitScript((seeded) => {
    try {
      if (window.sessionStorage.getItem('e2e.seeded')) return;
      window.sessionStorage.setItem('e2e.seeded', '1');
      window.sessionStorage.setItem('console.session', JSON.stringify(seeded));
    } catch {
      // about:blank and other opaque origins have no sessionStorage; the console's pages do.
    }
  }, session);
}

/** Opens a page of the console signed in to the workspace. */
export async function openSignedIn(
  page: Page,
  workspace: { id: string; authToken: string },
  path = '/',
): Promise<void> {
  await seedSession(page, workspace);
  await page.goto(path);
}

/** The page fits the viewport: nothing scrolls sideways on a phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** A picture of the page from its top, when screenshots were asked for. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `e2e-artifacts/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

export function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

/**
 * A notification says `text`; it is then dismissed, as an admin would, since it covers the
 * bottom right of the page (the save buttons) until it goes by itself after 8 seconds.
 */
export async function seeToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = toasts(page).locator(':scope > div').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toBeHidden();
}

/** The `data` of every request the console sends to one path, to see exactly what it sent. */
export function recordBodies(page: Page, path: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) {
      bodies.push((request.postDataJSON() as { data: unknown }).data);
    }
  });
  return bodies;
}

/**
 * Holds the console's entry script back until the returned function is called, so that a test
 * can see what the document alone draws or sends.
 */
export async function holdConsoleScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
