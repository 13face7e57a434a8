import { useQuery } from '@tanstack/react-query';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { organizationChoices } from '../../lib/organization-choices';
import { FilterSelect } from '../../components/data-table/filter-select';

interface OrganizationFilterProps {
  apiKey: ApiKeyCredentials;
  value: string | undefined;
  onChange: (organizationId: string | undefined) => void;
}

/**
 * Executions of one organization, or of every one: the key's organizations to choose from (an ID
 * from the address that is not among them still shows as chosen).
 */
export function OrganizationFilter({ apiKey, value, onChange }: OrganizationFilterProps) {
  const choices = useQuery(organizationChoices(apiKey));
  const options = (choices.data ?? []).map((organization) => ({
    value: organization.id,
    label: `${organization.organizationName} (${organization.id})`,
  }));
  if (value !== undefined && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: value });
  }
  return (
    <FilterSelect
      label="Organization"
      value={value}
      options={options}
      allLabel="All organizations"
      onChange={onChange}
    />
  );
}
