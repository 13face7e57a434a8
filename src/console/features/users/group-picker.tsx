import type { UserGroup } from '#contract/users';
import { FilterSelect } from '../../components/data-table/filter-select';

interface GroupPickerProps {
  /** The group filter in the address: one group's ID, or several, one a line. */
  value: string | undefined;
  /** The groups loaded so far by the group list. */
  groups: readonly UserGroup[];
  onChange: (groupIds: string | undefined) => void;
}

/**
 * The group filter, picked from the organization's groups instead of typed. A filter the list
 * does not offer (several IDs, or a group not loaded yet) stays in the address and is shown as it
 * is, so a shared link keeps working.
 */
export function GroupPicker({ value, groups, onChange }: GroupPickerProps) {
  const options = groups.map((group) => ({
    value: group.groupId,
    label: `${group.groupName} (${group.groupId}) · ${group.memberCount.toLocaleString()}`,
  }));
  if (value !== undefined && !groups.some((group) => group.groupId === value)) {
    options.unshift({ value, label: value });
  }
  return (
    <FilterSelect
      label="Group"
      value={value}
      onChange={onChange}
      options={options}
      allLabel="All groups"
    />
  );
}
