import { expect, test } from '@playwright/test';
import { getEmailConfig, getSentEmails, updateEmailConfig } from '#contract/email-service';
import { checkPage, checkPhoneWidth, openSignedIn, recordBodies, seeToast } from './support/pages';
import { apiKeyCredentials, post } from './support/service';
import { workspaceWithKey } from './support/webhooks';

const SENDGRID_KEY = 'SG.e2e-sendgrid-key-never-shown-0123456789';

test('e-mail service: an admin configures it, the rules show before sending, the key stays masked, a test e-mail is listed as sent', async ({
  page,
  request,
}) => {
  const { workspace, key, credentials } = await workspaceWithKey(request, 'mailer');
  const asKey = apiKeyCredentials(credentials.apiKey, credentials.token);
  const sent = recordBodies(page, updateEmailConfig.path);
  await openSignedIn(page, workspace, `/keys/${key.id}/email-service`);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail service' })).toBeVisible();
  const form = page.getByRole('form', { name: 'E-mail service' });

  // SendGrid without a key or a sender: refused beside each field before anything is sent.
  await form.getByRole('switch', { name: 'Send e-mails' }).check();
  await form.getByLabel('Provider').selectOption('sendgrid');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('SendGrid API key is required when type is sendgrid.')).toBeVisible();
  await expect(form.getByText('Sender address is required when type is sendgrid.')).toBeVisible();
  expect(sent).toEqual([]);

  await form.getByLabel('SendGrid API key').fill(SENDGRID_KEY);
  await form.getByLabel('Sender address').fill('alerts@example.com');
  await form.getByLabel('Sender name').fill('Example Corp');
  await form.getByRole('switch', { name: 'Reply (comment.add)' }).uncheck();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'E-mail service saved');
  expect(sent).toEqual([
    {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: SENDGRID_KEY,
        fromEmail: 'alerts@example.com',
        fromCompany: 'Example Corp',
        triggers: { 'comment.add': false },
      },
    },
  ]);
  // The key comes back masked only, in the answer and on the page.
  const saved = await post(request, getEmailConfig, {}, asKey);
  expect(saved.data?.emailServiceConfig.apiKey).toBe('SG.••••6789');
  await expect(form.getByText('Stored: SG.••••6789.', { exact: false })).toBeVisible();
  await expect(page.getByText(SENDGRID_KEY)).toHaveCount(0);
  await checkPage(page, 'email-service');
  await checkPhoneWidth(page, 'email-service');

  // Back to this service's mailer (the e2e service keeps mail in its local outbox), then a test
  // e-mail: it is listed, and sent.
  await page.setViewportSize({ width: 1280, height: 720 });
  await form.getByLabel('Provider').selectOption('default');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await seeToast(page, 'E-mail service saved');
  const tester = page.getByRole('form', { name: 'Send a test e-mail' });
  await tester.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(tester.getByText('Recipient must be a valid e-mail address.')).toBeVisible();
  await tester.getByLabel('Recipient').fill('someone@example.com');
  await tester.getByRole('button', { name: 'Send a test e-mail' }).click();
  await seeToast(page, 'Test e-mail queued');
  const grid = page.getByRole('grid', { name: 'Sent e-mails' });
  await expect(grid.getByText('someone@example.com')).toBeVisible();
  await expect(grid.getByText('Test e-mail from Example Corp')).toBeVisible();
  // The job sends it within moments; the list shows it once read again.
  await expect(async () => {
    const list = await post(request, getSentEmails, {}, asKey);
    expect(list.data?.[0]?.status).toBe('sent');
  }).toPass();
  await page.reload();
  await expect(grid.getByText('Sent', { exact: true })).toBeVisible();
});
