import { Link } from '@tanstack/react-router';
import type { ComponentProps, ReactNode } from 'react';
import type { KeySegment } from '#contract/areas';

type AnchorProps = Omit<ComponentProps<'a'>, 'href' | 'children'>;

interface KeyAreaLinkProps extends AnchorProps {
  /** The key whose page it opens; without one, the link asks to choose a key for that page. */
  apiKeyId: string | undefined;
  /** The key's page to open; the key's own page when not given. */
  segment?: KeySegment | undefined;
  children: ReactNode;
}

/**
 * A link to a page of an API key. Every area's address is `/keys/$apiKeyId/<segment>`: built
 * areas' own routes match it before the `$area` placeholder does, so one link serves them all.
 */
export function KeyAreaLink({ apiKeyId, segment, ...props }: KeyAreaLinkProps) {
  if (!apiKeyId) {
    return (
      <Link
        to="/keys"
        search={{ next: segment }}
        activeOptions={{ exact: true, includeSearch: true }}
        {...props}
      />
    );
  }
  if (!segment) {
    return (
      <Link to="/keys/$apiKeyId" params={{ apiKeyId }} activeOptions={{ exact: true }} {...props} />
    );
  }
  return <Link to="/keys/$apiKeyId/$area" params={{ apiKeyId, area: segment }} {...props} />;
}
