import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { ApiKeyCredentials } from '../lib/api-key';
import { organizationChoices } from '../lib/organization-choices';

interface OrganizationPickerProps {
  apiKey: ApiKeyCredentials;
  value: string | undefined;
  onChange: (organizationId: string) => void;
  /** Offers "every organization" under this label, chosen as an empty ID (a filter's "All"). */
  allLabel?: string;
}

/** Picks the organization a page works in, from the key's organizations. */
export function OrganizationPicker({ apiKey, value, onChange, allLabel }: OrganizationPickerProps) {
  const id = useId();
  const choices = useQuery(organizationChoices(apiKey));
  const organizations = choices.data ?? [];
  const known = value === undefined || organizations.some((o) => o.id === value);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        Organization
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={choices.isPending}
        className="block h-9 max-w-64 rounded-md border border-border bg-surface px-2 text-sm text-text"
        onChange={(event) => onChange(event.target.value)}
      >
        {allLabel !== undefined ? (
          <option value="">{allLabel}</option>
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
