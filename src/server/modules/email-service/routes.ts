import {
  getEmailConfig,
  getSentEmails,
  sendTestEmail,
  updateEmailConfig,
} from '#contract/email-service';
import { answerRoute, route } from '#server/http/route';
import type { ServiceModule } from '#server/http/service-module';
import { commentMailConsumer } from './comment-mail';
import * as config from './email-config';
import { sentEmailPages } from './list-sent-emails';
import { registerSendJob } from './send-job';
import * as testing from './send-test-email';

export const emailServiceModule: ServiceModule = {
  routes: (s) => {
    registerSendJob(s.jobs, s);
    s.eventConsumers.add(commentMailConsumer(s));
    const pages = sentEmailPages(s);
    return [
      route(getEmailConfig, 'Email configuration retrieved successfully.', (_input, ctx) =>
        config.getEmailConfig(s, ctx.auth.apiKeyId),
      ),
      route(updateEmailConfig, 'Email configuration updated successfully.', (input, ctx) =>
        config.updateEmailConfig(s, ctx.auth.apiKeyId, input, ctx.audit),
      ),
      answerRoute(getSentEmails, (input, ctx) => pages(ctx.auth.apiKeyId, input)),
      route(sendTestEmail, 'Test e-mail queued for sending.', (input, ctx) =>
        testing.sendTestEmail(s, ctx.auth.apiKeyId, input, ctx.audit),
      ),
    ];
  },
};
