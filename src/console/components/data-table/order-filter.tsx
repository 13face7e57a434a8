import { FilterSelect } from './filter-select';

const orders = [{ value: 'asc', label: 'Oldest first' }] as const;

/** The order of a list that is newest first unless the address says `order=asc`. */
export function OrderFilter({
  value,
  onChange,
}: {
  value: 'asc' | undefined;
  onChange: (order: 'asc' | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Order"
      allLabel="Newest first"
      value={value}
      options={orders}
      onChange={onChange}
    />
  );
}
