import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiKeyCredentials } from '../lib/api-key';
import { locatedOrganization, notLocatedMessage } from '../lib/locate-organization';
import { type NamedThings, namesSomething, sameThings } from '../lib/named-things';
import { ORGANIZATION_CHOICES, organizationChoices } from '../lib/organization-choices';
import { useDefaultOrganization } from '../lib/use-default-organization';
import { FormAlert } from './form-alert';
import { NoOrganizations } from './no-organizations';
import { QueryError } from './query-error';

interface OrganizationScopeProps {
  apiKey: ApiKeyCredentials;
  /** The organization the address names, if any. */
  chosen: string | undefined;
  /** Why the page needs an organization, said when the key has none. */
  needs: string;
  /** Shown while the key's organizations load; nothing when not given. */
  pending?: ReactNode;
  /**
   * The folder or document the address names. When the page opens on an address that names one
   * without its organization (a link), the organization that has it is found and handed to
   * `onLocated`, which writes it into the address; when none has it, the page says so once and
   * `onLocated(undefined)` drops what the address named.
   */
  locate?: {
    named: NamedThings;
    onLocated: (organizationId: string | undefined) => void;
  };
  children: (organizationId: string) => ReactNode;
}

interface Arrival {
  apiKeyId: string;
  /** What the address named without an organization as the page opened for this key. */
  named: NamedThings | undefined;
}

const arrive = (apiKeyId: string, chosen: string | undefined, named: NamedThings | undefined) => ({
  apiKeyId,
  named: chosen === undefined && namesSomething(named) ? named : undefined,
});

/**
 * A page that works in one organization: the one the address names; else, for a link naming a
 * folder or document, the one that has it; else the one last chosen for the key (or its first);
 * when the key has none, the way to add one. Only what the address named as the page opened is
 * looked for: a folder chosen or a filter typed later belongs to the organization shown. Another
 * organization is another page: what the admin chose in one (ticked rows, an open form) is not
 * carried to the next, whose rows may have the same IDs and be other records.
 */
export function OrganizationScope({
  apiKey,
  chosen,
  needs,
  pending = null,
  locate,
  children,
}: OrganizationScopeProps) {
  const named = locate?.named;
  const onLocated = locate?.onLocated;
  const fallback = useDefaultOrganization(apiKey);
  const choices = useQuery(organizationChoices(apiKey));
  const [arrival, setArrival] = useState<Arrival>(() => arrive(apiKey.id, chosen, named));
  if (arrival.apiKeyId !== apiKey.id) setArrival(arrive(apiKey.id, chosen, named));
  const wanted = chosen === undefined ? arrival.named : undefined;
  // The organization last chosen first: a link is most often into the organization at hand.
  const candidates = useMemo(
    () => [
      ...new Set([
        ...(fallback.organizationId ? [fallback.organizationId] : []),
        ...(choices.data ?? []).map((organization) => organization.id),
      ]),
    ],
    [fallback.organizationId, choices.data],
  );
  const located = useQuery({
    ...locatedOrganization(apiKey, wanted ?? {}, candidates),
    enabled: wanted !== undefined && !fallback.pending && choices.data !== undefined,
  });
  const found = wanted ? located.data : undefined;
  const followed = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (found === undefined || followed.current === found) return;
    followed.current = found;
    onLocated?.(found ?? undefined);
  }, [found, onLocated]);
  const page = (organizationId: string) => (
    <Fragment key={organizationId}>{children(organizationId)}</Fragment>
  );

  if (chosen !== undefined) return page(chosen);
  if (wanted) {
    if (typeof found === 'string') return page(found);
    if (located.isError) {
      return <QueryError error={located.error} onRetry={() => void located.refetch()} />;
    }
    // Until the address drops what no organization has, nothing is asked about it.
    if (found === undefined || sameThings(named, wanted)) return pending;
  }
  if (fallback.organizationId) {
    const missing =
      wanted && found === null
        ? notLocatedMessage(wanted, candidates.length, candidates.length < ORGANIZATION_CHOICES)
        : undefined;
    return (
      <div className="space-y-4">
        <FormAlert message={missing} />
        {page(fallback.organizationId)}
      </div>
    );
  }
  if (fallback.pending || choices.isPending) return pending;
  return <NoOrganizations apiKeyId={apiKey.id}>{needs}</NoOrganizations>;
}
