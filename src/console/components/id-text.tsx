import { CopyButton } from './copy-button';

interface IdTextProps {
  /** The ID or e-mail address, shown and copied as it is. */
  value: string;
  /** What it is, e.g. "user ID", said by the copy button's tooltip and its "Copied". */
  label: string;
  /** An e-mail address or other text that reads better in the page's own font. */
  plain?: boolean;
  className?: string;
}

/**
 * An ID or e-mail address on one line: whole when there is room, else cut short with an ellipsis
 * and whole in its title (on hover) and to assistive technology, never broken in the middle of a
 * word; with a button that copies the whole value. The button is named by the value ("Copy
 * acme-d12"): a table has one per row, and "Copy document ID" would name them all alike (and
 * read as the label of the page's "Document ID" filter). It is keyed by the value, so a table row
 * that now shows another record never shows the last one's "Copied".
 */
export function IdText({ value, label, plain = false, className = '' }: IdTextProps) {
  const Text = plain ? 'span' : 'code';
  return (
    <span className={`flex max-w-full min-w-0 items-center gap-0.5 ${className}`}>
      <Text className={`min-w-0 truncate ${plain ? '' : 'font-mono'}`} title={value}>
        {value}
      </Text>
      {/* Taller than a line of text; its margins keep the line (a table row) its height. */}
      <span className="-my-0.5 flex">
        <CopyButton key={value} value={value} label={label} name={`Copy ${value}`} size="sm" />
      </span>
    </span>
  );
}
