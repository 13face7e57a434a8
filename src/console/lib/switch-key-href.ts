import { keyPage } from './key-path';

/**
 * The address of the same page for another API key, for the key switcher: the area and its
 * search params stay; a page below the area names a thing of the old key (an endpoint), so the
 * switch lands on the area's list instead.
 */
export function switchKeyHref(pathname: string, searchStr: string, toKey: string): string {
  const base = `/keys/${encodeURIComponent(toKey)}`;
  const match = keyPage.exec(pathname);
  if (!match) return base;
  const [, area = '', below] = match;
  return below && below !== '/' ? `${base}${area}` : `${base}${area}${searchStr}`;
}
