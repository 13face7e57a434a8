/** A subscription filter in a table cell: "All" when no list narrows it. */
export function FilterSummary({
  items,
  all,
}: {
  items: readonly string[] | null | undefined;
  all: string;
}) {
  if (!items) return <span className="text-muted">{all}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {items.map((item) => (
        <li key={item}>
          <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs">{item}</code>
        </li>
      ))}
    </ul>
  );
}
