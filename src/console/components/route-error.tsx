import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../lib/api-error';
import { useDocumentTitle } from '../lib/use-document-title';
import { Card } from './card';
import { RetryOrAdvice } from './retry-or-advice';

interface RouteErrorProps extends ErrorComponentProps {
  title?: string;
}

/**
 * The error state of a page whose data could not be loaded: the server's own message, and a
 * second try when one can help.
 */
export function RouteError({ error, title = 'This page could not be loaded' }: RouteErrorProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useDocumentTitle(title);

  // Lets the failed queries run again when the page below re-renders after a retry.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Card className="border-danger">
        <p role="alert" className="text-danger">
          {errorMessage(error)}
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <RetryOrAdvice error={error} onRetry={() => void router.invalidate()} />
        </div>
      </Card>
    </div>
  );
}
