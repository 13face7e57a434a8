import { formatTime } from '../lib/format-time';

/**
 * A service timestamp in a cell or a line of text, in the reader's time zone and words; `none`
 * stands in for a time that has not happened (never signed in).
 */
export function TimeText({ at, none = '—' }: { at: string | null | undefined; none?: string }) {
  if (!at) return <span className="text-xs text-muted">{none}</span>;
  return (
    <time dateTime={at} className="text-xs">
      {formatTime(at)}
    </time>
  );
}
