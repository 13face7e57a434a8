const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A service timestamp in the admin's own time zone and words. */
export function formatTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
