const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A service timestamp (ISO text, or milliseconds since the epoch) in the admin's own time zone and words. */
export function formatTime(time: string | number): string {
  return dateTime.format(new Date(time));
}
