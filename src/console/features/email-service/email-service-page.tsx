import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '#console/components/card';
import { DataTable } from '#console/components/data-table/data-table';
import { tableStatus } from '#console/components/data-table/table-status';
import { EmptyState } from '#console/components/empty-state';
import { QueryState } from '#console/components/query-state';
import { SettingsSkeleton } from '#console/components/settings-skeleton';
import type { ApiKeyCredentials } from '#console/lib/api-key';
import { pagedItems } from '#console/lib/paged-query';
import { EmailConfigForm } from './email-config-form';
import { emailServiceQueries } from './queries';
import { SendTestEmailForm } from './send-test-email-form';
import { sentEmailColumns } from './sent-email-columns';

/** The key's e-mail service: its settings, a test e-mail, and the e-mails sent, newest first. */
export function EmailServicePage({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const config = useQuery(emailServiceQueries.config(apiKey));
  return (
    <div className="space-y-6">
      <QueryState
        query={config}
        loading="Loading the e-mail service…"
        skeleton={<SettingsSkeleton rows={5} />}
      >
        {(saved) => <EmailConfigForm apiKey={apiKey} config={saved} />}
      </QueryState>
      <SendTestEmailForm apiKey={apiKey} />
      <SentEmails apiKey={apiKey} />
    </div>
  );
}

function SentEmails({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const list = useInfiniteQuery(emailServiceQueries.sent(apiKey));
  const rows = useMemo(() => pagedItems(list.data), [list.data]);
  return (
    <Card className="space-y-4">
      <h2 className="text-base font-semibold">Sent e-mails</h2>
      <DataTable
        label="Sent e-mails"
        columns={sentEmailColumns}
        rows={rows}
        rowKey={(mail) => mail.id}
        status={tableStatus(list)}
        empty={
          <EmptyState title="No e-mail yet">
            E-mails of comments and test e-mails show here, pending, sent or failed.
          </EmptyState>
        }
        noun={['e-mail', 'e-mails']}
        minWidth="52rem"
      />
    </Card>
  );
}
