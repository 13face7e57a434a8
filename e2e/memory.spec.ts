import { expect, test } from '@playwright/test';
import { storedJudgments, suggestThroughApi } from './support/memory';
import { seededWorkspace } from './support/organizations';
import { checkPage, checkPhoneWidth, openSignedIn, recordBodies, seeToast } from './support/pages';
import { suggestDecision } from '#contract/memory';

/** The seed's split precedent in the first organization (scripts/seed/demo-judgments.ts). */
const QUESTION = 'Refund after the return window';
/** Rows of the judgments table's first page. */
const PAGE = 50;

const decisionWord = (decision: string) => (decision === 'approve' ? 'Approve' : 'Reject');

/** What the table's footer says for `count` judgments. */
const footer = (count: number) =>
  count > PAGE
    ? new RegExp(`${PAGE} judgments loaded`)
    : `${count} ${count === 1 ? 'judgment' : 'judgments'}.`;

test('memory: a seeded suggestion with its conflict and precedent, the judgments by filters in the address, one judgment added', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { workspace, key, credentials, demo } = await seededWorkspace(request, baseURL, 'grace');
  if (!demo) throw new Error('the demo has no organization');
  const organizationId = demo.organizationId;
  const expected = await suggestThroughApi(request, credentials, {
    query: QUESTION,
    organizationId,
  });
  const { primary, conflict } = expected;
  if (!primary || !conflict) throw new Error('the seed makes no split suggestion');
  const asked = recordBodies(page, suggestDecision.path);

  await openSignedIn(page, workspace, `/keys/${key.id}/memory`);
  await expect(page.getByRole('heading', { level: 1, name: 'Decision suggestions' })).toBeVisible();

  // The contract's rules before anything is sent: a question, and a document only with its
  // organization.
  const form = page.getByRole('form', { name: 'Ask for a suggestion' });
  await form.getByRole('button', { name: 'Suggest a decision' }).click();
  await expect(form.getByText('Question must not be empty.')).toBeVisible();
  await form.getByLabel('Question').fill(QUESTION);
  await form.getByLabel('Document ID (optional)').fill('doc-anywhere');
  await form.getByRole('button', { name: 'Suggest a decision' }).click();
  await expect(form.getByText('Document ID (optional) requires organizationId.')).toBeVisible();
  expect(asked).toEqual([]);

  // Asked within the seeded organization: the question goes to the address.
  await form.getByLabel('Document ID (optional)').fill('');
  await form.getByLabel('Organization (optional)').selectOption(organizationId);
  await form.getByRole('button', { name: 'Suggest a decision' }).click();
  await expect(page).toHaveURL(/q=Refund/);
  await expect(page).toHaveURL(new RegExp(`organization=${organizationId}`));

  // Both cards say what the service answers, each with its precedent under it.
  for (const [title, suggestion] of [
    ['Suggested decision', primary],
    ['Conflicting view', conflict],
  ] as const) {
    const card = page.getByRole('article', {
      name: `${title}: ${decisionWord(suggestion.recommendation)}`,
    });
    await expect(card).toBeVisible();
    await expect(card.getByRole('meter', { name: 'Confidence' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(suggestion.confidence * 100)),
    );
    await expect(card.getByText(suggestion.scopeLabel)).toBeVisible();
    await expect(card.getByText(`${suggestion.basedOn} judgments`, { exact: true })).toBeVisible();
    for (const reason of suggestion.topReasons) {
      await expect(
        card.getByRole('list', { name: 'Reasons' }).getByText(reason, { exact: true }),
      ).toBeVisible();
    }
    for (const caveat of suggestion.caveats) {
      await expect(card.getByText(caveat, { exact: true })).toBeVisible();
    }
    const ids = suggestion.supportingJudgmentIds ?? [];
    expect(ids.length).toBeGreaterThan(0);
    const supporting = card.getByRole('region', { name: /^Supporting judgments/ });
    await expect(supporting.getByRole('listitem')).toHaveCount(ids.length);
    for (const id of ids) await expect(supporting.getByText(id, { exact: true })).toBeVisible();
    await expect(
      supporting.getByText(decisionWord(suggestion.recommendation), { exact: true }),
    ).toHaveCount(ids.length);
  }
  expect(asked).toEqual([{ query: QUESTION, organizationId }]);
  await checkPage(page, 'memory');
  await checkPhoneWidth(page, 'memory');
  await page.reload();
  await expect(page.getByRole('article', { name: /^Suggested decision/ })).toBeVisible();

  // A question without precedent says so, with the action that adds some; an address edited by
  // hand that names a document without its organization says what is wrong, asking nothing.
  await form.getByLabel('Question').fill('Quantum teleportation hardware purchase');
  await form.getByRole('button', { name: 'Suggest a decision' }).click();
  await expect(page.getByText('No suggestion for this question')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add judgment' })).toHaveCount(2);
  const before = asked.length;
  await page.goto(`/keys/${key.id}/memory?q=refund&document=doc-1`);
  await expect(page.getByRole('alert')).toHaveText('documentId requires organizationId.');
  await expect(form.getByLabel('Document ID (optional)')).toHaveValue('doc-1');
  expect(asked).toHaveLength(before);

  // The judgments of the organization that were rejected: filters in the address, over a reload.
  const judgments = page.getByRole('region', { name: 'Judgments', exact: true });
  const rejected = await storedJudgments(request, credentials, {
    organizationId,
    decision: 'reject',
  });
  await judgments.getByLabel('Organization', { exact: true }).selectOption(organizationId);
  await judgments.getByLabel('Decision').selectOption('reject');
  await expect(page).toHaveURL(/decision=reject/);
  await expect(page).toHaveURL(new RegExp(`judgmentsOrganization=${organizationId}`));
  await expect(judgments.getByText(footer(rejected.length))).toBeVisible();
  await page.reload();
  await expect(judgments.getByLabel('Decision')).toHaveValue('reject');
  await expect(judgments.getByText(footer(rejected.length))).toBeVisible();
  const grid = judgments.getByRole('grid', { name: 'Judgments' });
  await expect(grid.getByText('Refund requested two months after delivery')).toBeVisible();

  // A reviewer with no judgment: the empty state clears the filters.
  await judgments.getByLabel('Reviewer ID').fill('nobody-at-all');
  await expect(judgments.getByText('No judgment matches these filters')).toBeVisible();
  await judgments.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/decision=/);
  await judgments.getByLabel('Organization', { exact: true }).selectOption(organizationId);
  await judgments.getByLabel('Decision').selectOption('reject');

  // Add one: the contract's rules first, then the service's answer for it, then a refusal.
  await judgments.getByRole('button', { name: 'Add judgment' }).click();
  const adding = page.getByRole('dialog', { name: 'Add judgment' });
  await adding.getByRole('button', { name: 'Add judgment' }).click();
  await expect(adding.getByText('Item judged must not be empty.')).toBeVisible();
  await expect(adding.getByText('Reviewer ID must not be empty.')).toBeVisible();
  await adding.getByLabel('Item judged').fill('Refund after the return window for a gift card');
  await adding.getByLabel('Decision').selectOption('reject');
  await adding.getByLabel('Reviewer ID').fill('e2e-reviewer');
  await adding.getByLabel('Reason (optional)').fill('Gift cards are final');
  await adding.getByLabel('Judgment ID (optional)').fill('e2e-judgment-1');
  await expect(adding.getByLabel('Organization (optional)')).toHaveValue(organizationId);
  await adding.getByRole('button', { name: 'Add judgment' }).click();
  await expect(adding.getByText('All 1 done.')).toBeVisible();
  await adding.getByRole('button', { name: 'Done' }).click();
  await seeToast(page, 'Judgment added');
  await expect(judgments.getByText(footer(rejected.length + 1))).toBeVisible();
  await expect(grid.getByText('Refund after the return window for a gift card')).toBeVisible();

  await judgments.getByRole('button', { name: 'Add judgment' }).click();
  await adding.getByLabel('Item judged').fill('The same judgment again');
  await adding.getByLabel('Reviewer ID').fill('e2e-reviewer');
  await adding.getByLabel('Judgment ID (optional)').fill('e2e-judgment-1');
  await adding.getByRole('button', { name: 'Add judgment' }).click();
  await expect(adding.getByText('0 of 1 done, 1 refused.')).toBeVisible();
  await expect(adding.getByText(/already exists/)).toBeVisible();
  await adding.getByRole('button', { name: 'Done' }).click();

  // What the service holds.
  const stored = await storedJudgments(request, credentials, { organizationId });
  const added = stored.find((judgment) => judgment.judgmentId === 'e2e-judgment-1');
  expect(added).toMatchObject({
    organizationId,
    documentId: null,
    text: 'Refund after the return window for a gift card',
    decision: 'reject',
    reason: 'Gift cards are final',
    reviewerId: 'e2e-reviewer',
    activityId: null,
  });
  expect(stored.filter((judgment) => judgment.judgmentId === 'e2e-judgment-1')).toHaveLength(1);
});
