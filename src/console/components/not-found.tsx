import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { buttonClasses } from './button';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="space-y-4">
      <p className="text-sm font-medium text-muted">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted">There is no page at this address in the console.</p>
      <Link to="/" className={buttonClasses('secondary')}>
        Go to the workspace overview
      </Link>
    </div>
  );
}
