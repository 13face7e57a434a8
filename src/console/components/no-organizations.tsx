import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** The empty state of a page that works in one organization, when the key has none yet. */
export function NoOrganizations({ apiKeyId, children }: { apiKeyId: string; children: ReactNode }) {
  return (
    <EmptyState
      title="No organizations yet"
      action={
        <Link
          to="/keys/$apiKeyId/organizations"
          params={{ apiKeyId }}
          className="font-medium text-accent underline-offset-2 hover:underline"
        >
          Add an organization
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}
