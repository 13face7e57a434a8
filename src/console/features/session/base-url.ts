export const baseUrlLabel = 'Server base URL';

/**
 * Stands for the page's origin in the sign-in page drawn at build time (there is no window then);
 * the build puts an element there that the document fills in (scripts/first-paint-html.ts).
 */
export const originMark = '\u2060origin\u2060';

export function baseUrlDescription(): string {
  const origin = typeof window === 'undefined' ? originMark : window.location.origin;
  return `Optional. Leave empty to use the service that serves this console (${origin}).`;
}
