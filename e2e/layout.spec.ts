import { expect, type Page, test } from '@playwright/test';
import { keyAreas, workspaceAreas } from '#console/lib/areas';
import { seededWorkspace } from './support/organizations';
import { seedSession } from './support/pages';
import { uniqueEmail } from './support/service';
import { createEndpoint, updateWebhookConfig } from './support/webhooks';

// Every page of the console at a phone's size and at a small laptop's, measured rather than
// looked at: nothing scrolls the page sideways, every field is wide enough to type in, no label
// lies over another, no table clips a column at the laptop's width, and every navigation item can
// be reached. The other specs check each page's behaviour; this one only its fit.
test.describe.configure({ timeout: 240_000 });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 720 };
/** The narrowest a field may be: room for an ID or a few words. */
const MIN_FIELD_WIDTH = 120;

interface Fit {
  /** Pixels the page scrolls sideways. */
  overflow: number;
  /** Fields narrower than MIN_FIELD_WIDTH, by label. */
  narrow: string[];
  /** Labels drawn over one another. */
  overlapping: string[];
  /** Data grids whose columns do not fit their box (they scroll sideways inside it). */
  clipped: string[];
  /** Data grids whose header cells do not start where the first row's cells do. */
  misaligned: string[];
}

/** What the page looks like now, measured in the browser. */
function measure(page: Page): Promise<Fit> {
  return page.evaluate((minWidth) => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      // Visually hidden controls (a switch's checkbox, sr-only text) are 1 px boxes.
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };
    const nameOf = (element: Element) =>
      (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
      element.getAttribute('aria-label') ||
      element.id;
    const notTyped = ['checkbox', 'radio', 'hidden', 'file', 'range', 'color'];
    const fields = [...document.querySelectorAll('input, select, textarea')]
      .filter(
        (element) => !(element instanceof HTMLInputElement && notTyped.includes(element.type)),
      )
      .filter(shown);
    const narrow = fields
      .map((field) => ({ name: nameOf(field), width: field.getBoundingClientRect().width }))
      .filter((field) => field.width < minWidth)
      .map((field) => `${field.name} (${Math.round(field.width)} px)`);
    const labels = [...document.querySelectorAll('label')].filter(shown);
    // A label whose words do not fit its box spills over its neighbours.
    const overlapping = labels
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => `${label.textContent?.trim()} spills out of its ${label.clientWidth} px`);
    labels.forEach((label, index) => {
      const a = label.getBoundingClientRect();
      for (const other of labels.slice(index + 1)) {
        if (label.contains(other) || other.contains(label)) continue;
        const b = other.getBoundingClientRect();
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > 1 && height > 1) {
          overlapping.push(`${label.textContent?.trim()} / ${other.textContent?.trim()}`);
        }
      }
    });
    const clipped = [...document.querySelectorAll('[role="grid"]')]
      .filter(shown)
      .filter((grid) => {
        const box = grid.parentElement;
        return box !== null && box.scrollWidth > box.clientWidth + 1;
      })
      .map((grid) => grid.getAttribute('aria-label') ?? '');
    // Each row is a grid of its own: a column whose width follows its content (the actions) must
    // be as wide in the header as in the rows, or every other column shifts.
    const starts = (row: Element | null) =>
      [...(row?.children ?? [])].map((cell) => Math.round(cell.getBoundingClientRect().left));
    const misaligned = [...document.querySelectorAll('[role="grid"]')]
      .filter(shown)
      .filter((grid) => {
        const head = starts(grid.querySelector('thead [role="row"]'));
        const row = starts(grid.querySelector('tbody [role="row"]'));
        return (
          head.length === row.length &&
          head.some((left, i) => Math.abs(left - (row[i] ?? left)) > 1)
        );
      })
      .map((grid) => grid.getAttribute('aria-label') ?? '');
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      narrow,
      overlapping,
      clipped,
      misaligned,
    };
  }, MIN_FIELD_WIDTH);
}

/** The page once it has drawn its data: its heading, and nothing still loading. */
async function settled(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The page fits a phone and a laptop; at the laptop's size, no table clips a column. */
async function expectFits(page: Page, name: string) {
  for (const size of [phone, laptop]) {
    await page.setViewportSize(size);
    const fit = await measure(page);
    const at = `${name} at ${size.width} × ${size.height}`;
    // Soft: one run lists every page that does not fit, not only the first.
    expect.soft(fit.overflow, `${at}: sideways scroll in px`).toBeLessThanOrEqual(0);
    expect.soft(fit.narrow, `${at}: fields narrower than ${MIN_FIELD_WIDTH} px`).toEqual([]);
    expect.soft(fit.overlapping, `${at}: labels over one another`).toEqual([]);
    if (size === laptop) expect.soft(fit.clipped, `${at}: tables that clip columns`).toEqual([]);
    expect.soft(fit.misaligned, `${at}: tables whose header is not over its columns`).toEqual([]);
  }
}

/** Every link of the navigation can be reached: in the window at the laptop's size, and on a
 * phone in the menu once it is opened. */
async function expectNavigationReachable(page: Page) {
  const navigation = page.getByRole('navigation', { name: 'Console' });
  await page.setViewportSize(laptop);
  // The navigation's order: the workspace, the key's pages, then the workspace's tools (a key
  // page's link may end in a badge, such as the count of running agent executions). The key's
  // settings fold under "Settings", closed on a page that is not one of them.
  const labels = [
    'Workspace',
    'Overview',
    ...keyAreas.filter((area) => !area.section).map((area) => area.label),
  ];
  await expect(navigation.getByRole('link')).toHaveText([
    ...labels.map((label) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
    'API reference',
    ...workspaceAreas.map((area) => area.label),
  ]);
  const links = await navigation.getByRole('link').all();
  expect(links).toHaveLength(labels.length + 1 + workspaceAreas.length);
  for (const link of links) {
    const box = await link.boundingBox();
    const name = await link.textContent();
    expect(box, `${name} is drawn`).not.toBeNull();
    if (!box) continue;
    expect(box.y, `${name} below the top of the window`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name} above the bottom of the window`).toBeLessThanOrEqual(
      laptop.height,
    );
  }
  // Opened, each settings page can be scrolled to in the sidebar.
  await navigation.getByRole('button', { name: 'Settings' }).click();
  for (const area of keyAreas.filter((page) => page.section)) {
    const link = navigation.getByRole('link', { name: area.label });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
  }
  await navigation.getByRole('button', { name: 'Settings' }).click();
  await page.setViewportSize(phone);
  await page.getByRole('button', { name: 'Menu' }).click();
  for (const link of links) {
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
  }
  expect((await measure(page)).overflow, 'sideways scroll with the menu open').toBeLessThanOrEqual(
    0,
  );
  await page.getByRole('button', { name: 'Menu' }).click();
}

test('every page fits a 390 px phone and a 1280 × 720 laptop', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { workspace, key, credentials, demo } = await seededWorkspace(request, baseURL, 'layout');
  await updateWebhookConfig(request, credentials, { isEnabled: true });
  const endpoint = await createEndpoint(request, credentials, {
    url: 'https://hooks.example.com/orders/a-rather-long-path/that-goes-on',
    description: 'Orders',
    filterTypes: ['comment.add', 'comment.update'],
    rateLimit: 5,
  });
  const folder = demo.folders.find((f) => f.depth >= 3) ?? demo.folders[0];
  if (!folder) throw new Error('the demo has no folder');

  // Signed out: the two ways in and the outbox, in a tab of their own.
  const signedOut = await browser.newPage();
  for (const [path, heading] of [
    ['/sign-in', 'Sign in to a workspace'],
    ['/sign-in?method=token', 'Sign in to a workspace'],
    [`/outbox?to=${uniqueEmail('nobody')}`, 'Local outbox'],
  ] as const) {
    await signedOut.goto(path);
    await settled(signedOut, heading);
    await expectFits(signedOut, path);
  }
  await signedOut.close();

  await seedSession(page, workspace);
  const keyPage = (segment: string) => `/keys/${key.id}/${segment}`;
  const pages: [path: string, heading: string][] = [
    ['/', workspace.name],
    ['/reference?endpoint=%2Fv2%2Forganizations%2Ffolders%2Fget', 'API reference'],
    ...workspaceAreas.map((area): [string, string] => [area.path, area.label]),
    ['/keys?next=webhooks', 'Choose an API key'],
    [`/keys/${key.id}`, 'API key overview'],
    ...keyAreas.map((area): [string, string] => [keyPage(area.segment), area.label]),
    [keyPage(`webhooks/${endpoint.id}`), 'Webhook endpoint'],
    [keyPage(`folders?organization=${demo.organizationId}&folder=${folder.folderId}`), 'Folders'],
  ];
  for (const [path, heading] of pages) {
    await page.setViewportSize(laptop);
    await page.goto(path);
    await settled(page, heading);
    await expectFits(page, path);
  }
  await expectNavigationReachable(page);

  // IDs and e-mail addresses keep one line, whole or cut short, never broken mid-word: the whole
  // value is the text's title and what its copy button copies.
  const [user] = demo.users;
  if (!user) throw new Error('the demo has no user');
  await page.goto(keyPage(`users?organization=${demo.organizationId}`));
  const grid = page.getByRole('grid', { name: 'Users' });
  for (const size of [phone, laptop]) {
    await page.setViewportSize(size);
    for (const value of [user.userId, user.email]) {
      const text = grid.getByText(value, { exact: true });
      await expect(text).toHaveAttribute('title', value);
      const lines = await text.evaluate(
        (element) =>
          element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
      );
      expect(lines, `${value} at ${size.width} px, in lines`).toBeLessThan(1.5);
      await grid.getByRole('button', { name: `Copy ${value}` }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    }
  }
});
