import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import type { ApiKeyCredentials } from '../lib/api-key';
import { organizationChoices } from '../lib/organization-choices';
import { NoOrganizations } from './no-organizations';

interface OrganizationScopeProps {
  apiKey: ApiKeyCredentials;
  /** The organization the address names, if any. */
  chosen: string | undefined;
  /** Why the page needs an organization, said when the key has none. */
  needs: string;
  /** Shown while the key's organizations load; nothing when not given. */
  pending?: ReactNode;
  children: (organizationId: string) => ReactNode;
}

/**
 * A page that works in one organization: the one the address names, else the key's first; when
 * the key has none, the way to add one. Another organization is another page: what the admin
 * chose in one (ticked rows, an open form) is not carried to the next, whose rows may have the
 * same IDs and be other records.
 */
export function OrganizationScope({
  apiKey,
  chosen,
  needs,
  pending = null,
  children,
}: OrganizationScopeProps) {
  const choices = useQuery(organizationChoices(apiKey));
  const organizationId = chosen ?? choices.data?.[0]?.id;
  if (organizationId) return <Fragment key={organizationId}>{children(organizationId)}</Fragment>;
  if (choices.isPending) return pending;
  return <NoOrganizations apiKeyId={apiKey.id}>{needs}</NoOrganizations>;
}
