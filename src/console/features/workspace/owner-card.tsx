import type { Workspace } from '#contract/workspace';
import { Avatar } from '../../components/avatar';
import { Card } from '../../components/card';
import { IdText } from '../../components/id-text';
import { EmailVerification } from './email-verification';

interface OwnerCardProps {
  workspaceId: string;
  owner: Workspace['owner'];
}

export function OwnerCard({ workspaceId, owner }: OwnerCardProps) {
  const displayName = owner.name.trim() || owner.email;
  return (
    <section aria-labelledby="owner-heading">
      <Card className="space-y-4">
        <h2 id="owner-heading" className="text-base font-semibold">
          Owner
        </h2>
        <div className="flex items-center gap-4">
          <Avatar name={owner.name} email={owner.email} src={owner.avatar || undefined} />
          <dl className="min-w-0 text-sm">
            <dt className="sr-only">{displayName === owner.email ? 'E-mail' : 'Name'}</dt>
            <dd className="truncate font-medium text-text" title={displayName}>
              {displayName}
            </dd>
            {displayName === owner.email ? null : (
              <>
                <dt className="sr-only">E-mail</dt>
                <dd className="text-muted">
                  <IdText value={owner.email} label="owner e-mail address" plain />
                </dd>
              </>
            )}
            <dt className="sr-only">Owner ID</dt>
            <dd className="text-xs text-muted">
              <IdText value={owner.id} label="owner ID" />
            </dd>
          </dl>
        </div>
        <EmailVerification workspaceId={workspaceId} ownerEmail={owner.email} />
      </Card>
    </section>
  );
}
