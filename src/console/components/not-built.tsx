import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from './badge';
import { Card } from './card';

/** The honest page of an area that is planned but not built: no fake data, no dead controls. */
export function NotBuilt({ label }: { label: string }) {
  useDocumentTitle(label);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{label}</h1>
        <Badge tone="warning">Not built yet</Badge>
      </div>
      <Card>
        <p>This part of the console is not built yet.</p>
        <p className="mt-2 text-sm text-muted">
          The service may already answer its endpoints; they are listed in the{' '}
          <a href="/openapi.json" className="font-medium text-accent underline underline-offset-2">
            OpenAPI document
          </a>
          . Meanwhile, the{' '}
          <Link to="/" className="font-medium text-accent underline underline-offset-2">
            workspace overview
          </Link>{' '}
          shows the workspace and its API keys, and the key&apos;s other pages are in the
          navigation.
        </p>
      </Card>
    </div>
  );
}
