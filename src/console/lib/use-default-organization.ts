import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { getOrganizations } from '#contract/organizations';
import { call } from './api';
import type { ApiKeyCredentials } from './api-key';
import { keyQueryOptions } from './key-query';
import { ORGANIZATION_CHOICES, organizationChoices } from './organization-choices';
import { forgetOrganization, rememberedOrganization } from './remembered-organization';

/** Whether the key has this organization, asked by ID (an empty answer when it has not). */
const organizationExists = (apiKey: ApiKeyCredentials, organizationId: string) =>
  keyQueryOptions(
    ['organizations', apiKey.id, 'exists', organizationId] as const,
    async (signal) =>
      (
        await call(
          getOrganizations,
          { organizationIds: [organizationId], pageSize: 1 },
          { apiKey, signal },
        )
      ).data.length > 0,
  );

export interface DefaultOrganization {
  /** Undefined while it is worked out, and when the key has no organization. */
  organizationId: string | undefined;
  pending: boolean;
}

/**
 * The organization a page works in when its address names none: the one last chosen on this
 * key's pages (remembered in the browser) while the key still has it, else the key's first. A
 * remembered organization that is gone is forgotten without a word. Adding organizations never
 * changes it, as the alphabetically first one did.
 */
export function useDefaultOrganization(apiKey: ApiKeyCredentials): DefaultOrganization {
  const choices = useQuery(organizationChoices(apiKey));
  const remembered = useMemo(() => rememberedOrganization(apiKey.id), [apiKey.id]);
  const listed = choices.data?.some((organization) => organization.id === remembered);
  // Only the first ORGANIZATION_CHOICES are listed: one beyond them is asked about by ID.
  const beyond =
    remembered !== undefined &&
    choices.data !== undefined &&
    !listed &&
    choices.data.length >= ORGANIZATION_CHOICES;
  const exists = useQuery({
    ...organizationExists(apiKey, remembered ?? ''),
    enabled: beyond,
  });
  const gone =
    remembered !== undefined &&
    choices.data !== undefined &&
    !listed &&
    (!beyond || exists.data === false);
  useEffect(() => {
    if (gone && remembered !== undefined) forgetOrganization(apiKey.id, remembered);
  }, [gone, apiKey.id, remembered]);

  if (choices.data === undefined) return { organizationId: undefined, pending: choices.isPending };
  if (remembered !== undefined && (listed || (beyond && exists.data === true))) {
    return { organizationId: remembered, pending: false };
  }
  if (beyond && exists.isPending) return { organizationId: undefined, pending: true };
  return { organizationId: choices.data[0]?.id, pending: false };
}
