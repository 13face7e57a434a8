import { LazyNotFound } from '#console/components/lazy-not-found';
import { createFileRoute, notFound } from '@tanstack/react-router';

/**
 * A key's address that names no page of it: not found, shown inside the key's frame (its bar
 * and navigation stay) rather than in place of the whole layout.
 */
export const Route = createFileRoute('/_app/keys/$apiKeyId/$area')({
  loader: () => {
    throw notFound();
  },
  notFoundComponent: LazyNotFound,
});
