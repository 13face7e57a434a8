import type { KeySegment } from '#contract/areas';
import { isKeySegment } from './key-segments';

/** `/keys/<id>`, then the area segment and what is below it, if any. */
export const keyPage = /^\/keys\/[^/]+(\/[^/]+)?(\/.*)?$/;

/** The area segment of a key page's address (`/keys/<id>/<segment>/…`), if it names one. */
export function keySegmentOf(pathname: string): KeySegment | undefined {
  const segment = keyPage.exec(pathname)?.[1]?.slice(1);
  return segment && isKeySegment(segment) ? segment : undefined;
}
