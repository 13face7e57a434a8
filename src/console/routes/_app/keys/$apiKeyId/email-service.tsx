import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#console/components/page-heading';
import { EmailServicePage } from '#console/features/email-service/email-service-page';
import { emailServiceQueries } from '#console/features/email-service/queries';
import { prefetch } from '#console/lib/prefetch';

export const Route = createFileRoute('/_app/keys/$apiKeyId/email-service')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.query({ ...emailServiceQueries.config(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: EmailServiceRoute,
});

function EmailServiceRoute() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return (
    <div className="space-y-6">
      <PageHeading title="E-mail service">
        E-mails about comments to the users they mention and the thread’s earlier authors, through
        this service’s mailer or SendGrid.
      </PageHeading>
      <EmailServicePage apiKey={apiKey} />
    </div>
  );
}
