import type { AreaNames } from '../names';
import { imports } from '../paths';

/**
 * How the generated e2e spec calls the service to set up and check: the one place that knows the
 * wire (the path of the contract's entry, the key's headers), for the contract's typed client to
 * replace.
 */
export function e2eCalls(): { imports: string; code: string } {
  return {
    imports: `import type { AnyEndpoint } from '${imports.contractEndpoint}';
import { apiKeyCredentials, post } from '${imports.e2eService}';
import { type Credentials } from '${imports.e2eWorkspace}';`,
    code: `/** Calls an endpoint as the key, through the contract's client; the call must succeed. */
async function send<E extends AnyEndpoint>(
  request: APIRequestContext,
  credentials: Credentials,
  endpoint: E,
  data: unknown,
) {
  const answer = await post(request, endpoint, data, apiKeyCredentials(credentials.apiKey, credentials.token));
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data;
}`,
  };
}

/** The e2e spec: the page against the real service, at 1280 × 720 and 390 px. */
export function e2eFile(n: AreaNames): string {
  const i = n.item;
  const calls = e2eCalls();
  return `import { type APIRequestContext, expect, test } from '@playwright/test';
import { type ${i.pascal}, add${n.pascal}, list${n.pascal} } from '${imports.contract(n.kebab)}';
import { checkPage, checkPhoneWidth, openSignedIn } from '${imports.e2ePages}';
import { workspaceWithKey } from '${imports.e2eWorkspace}';
${calls.imports}

${calls.code}

test('${n.words}: listed newest first page by page, added with the rule shown before sending and a taken id refused', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, '${i.kebab}');
  // 150 in one call: the table shows a page of 100, and the next when asked.
  const ${n.camel} = Array.from({ length: 150 }, (_, k) => ({
    ${i.camel}Id: \`${i.kebab}-\${String(k + 1).padStart(3, '0')}\`,
    name: \`${i.label} \${k + 1}\`,
  }));
  await send(request, credentials, add${n.pascal}, { ${n.camel} });
  await openSignedIn(page, workspace, \`/keys/\${key.id}/${n.kebab}\`);
  await expect(page.getByRole('heading', { level: 1, name: '${n.label}' })).toBeVisible();
  const grid = page.getByRole('grid', { name: '${n.label}' });
  await expect(grid.getByText('${i.kebab}-150')).toBeVisible();
  await expect(page.getByText('100 ${n.words} loaded; more load as you scroll.')).toBeVisible();
  await checkPage(page, '${n.kebab}');
  await checkPhoneWidth(page, '${n.kebab}');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByText('150 ${n.words}.')).toBeVisible();

  // The contract's rule shows beside the field before anything is sent; the service refuses an
  // id the key has, in that item's own result, and adds the other.
  await page.getByRole('button', { name: 'Add ${n.words}' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add ${n.words}' });
  await dialog.getByRole('button', { name: 'Add ${i.words}', exact: true }).click();
  await expect(dialog.getByText('must not be empty').first()).toBeVisible();
  await expect(dialog.getByLabel('${i.label} ID 1')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('${i.label} ID 1').fill('${i.kebab}-new');
  await dialog.getByLabel('Name 1').fill('Newest');
  await dialog.getByRole('button', { name: 'Add another' }).click();
  await dialog.getByLabel('${i.label} ID 2').fill('${i.kebab}-001');
  await dialog.getByLabel('Name 2').fill('Again');
  await dialog.getByRole('button', { name: 'Add ${n.words}', exact: true }).click();
  await expect(dialog.getByText('1 of 2 done, 1 refused.')).toBeVisible();
  await expect(dialog.getByText('${i.label} ${i.kebab}-001 already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('151 ${n.words}.')).toBeVisible();
  await expect(grid.getByText('Newest')).toBeVisible();
  const [newest] = await send(request, credentials, list${n.pascal}, { pageSize: 1 });
  expect(newest).toMatchObject({ id: '${i.kebab}-new', name: 'Newest' });
});
`;
}
