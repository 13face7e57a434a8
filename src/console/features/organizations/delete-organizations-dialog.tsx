import type { Organization } from '#contract/organizations';
import type { ItemResult } from '../../components/item-results';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useDeleteOrganizations } from './use-organization-changes';
import { deleteOrganizations } from '#contract/organizations';

interface DeleteOrganizationsDialogProps {
  apiKey: ApiKeyCredentials;
  organizations: readonly Organization[];
  /** The per-organization results, once the service answered. */
  onDeleted: (results: Record<string, ItemResult>) => void;
  /** The button's text; the dialog names what it deletes. */
  label: string;
  size?: 'sm' | 'md';
}

/** What a deletion takes with it: everything the service keeps under an organization. */
const REMOVED =
  'its folders and documents, users, groups and their memberships, comments, reactions, recordings, notifications, activity logs, agent executions and judgments';

/**
 * Deleting organizations cannot be undone: the admin types the organization's name (or, for
 * several, how many) before the service is asked.
 */
export function DeleteOrganizationsDialog({
  apiKey,
  organizations,
  onDeleted,
  label,
  size = 'md',
}: DeleteOrganizationsDialogProps) {
  const deleting = useDeleteOrganizations(apiKey);
  const [only] = organizations;
  const one = organizations.length === 1 && only !== undefined;
  const confirmText = one
    ? only.organizationName || only.id
    : `delete ${organizations.length} organizations`;
  return (
    <ConfirmDialog
      endpoint={deleteOrganizations}
      trigger={
        <Button variant="danger" size={size} disabled={organizations.length === 0}>
          {label}
        </Button>
      }
      onOpenChange={(open) => {
        if (!open) deleting.reset();
      }}
      title={
        one
          ? `Delete ${only.organizationName || only.id}?`
          : `Delete ${organizations.length} organizations?`
      }
      description={
        one ? (
          <span className="wrap-anywhere">
            Organization <code className="font-mono">{only.id}</code>
          </span>
        ) : (
          <span className="wrap-anywhere">{organizations.map((o) => o.id).join(', ')}</span>
        )
      }
      confirmLabel={one ? 'Delete organization' : 'Delete organizations'}
      pendingLabel="Deleting…"
      confirmText={confirmText}
      pending={deleting.isPending}
      error={deleting.isError ? errorMessage(deleting.error) : undefined}
      onConfirm={() => deleting.mutateAsync(organizations.map((o) => o.id)).then(onDeleted)}
    >
      <p className="rounded-md border border-danger bg-danger-soft p-3 text-danger-soft-fg">
        {one ? 'The organization is deleted with ' : 'Each organization is deleted with '}
        {REMOVED}. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
