import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { ApiKeyCredentials } from '../lib/api-key';
import { organizationChoices } from '../lib/organization-choices';
import { rememberOrganization } from '../lib/remembered-organization';
import { selectFilter } from './data-table/filter-layout';

interface OrganizationPickerProps {
  apiKey: ApiKeyCredentials;
  value: string | undefined;
  onChange: (organizationId: string) => void;
  /** "Organization" when not given. */
  label?: string;
  /** An option for no organization (every one), answered to `onChange` as ''. */
  anyLabel?: string;
}

/**
 * Picks the organization a page works in, from the key's organizations; the choice is remembered
 * as the key's default for the pages opened without one (useDefaultOrganization).
 */
export function OrganizationPicker({
  apiKey,
  value,
  onChange,
  label = 'Organization',
  anyLabel,
}: OrganizationPickerProps) {
  const id = useId();
  const choices = useQuery(organizationChoices(apiKey));
  const organizations = choices.data ?? [];
  const known = value === undefined || organizations.some((o) => o.id === value);
  return (
    <div className="max-w-full min-w-0 space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={choices.isPending}
        className={`${selectFilter} sm:max-w-64`}
        onChange={(event) => {
          const chosen = event.target.value;
          // The admin's choice becomes the key's default on every page (not "every organization").
          if (chosen) rememberOrganization(apiKey.id, chosen);
          onChange(chosen);
        }}
      >
        {anyLabel !== undefined ? (
          <option value="">{anyLabel}</option>
        ) : value === undefined ? (
          <option value="">Choose…</option>
        ) : null}
        {known ? null : <option value={value}>{value}</option>}
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.organizationName} ({organization.id})
          </option>
        ))}
      </select>
    </div>
  );
}
