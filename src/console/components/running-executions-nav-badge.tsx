import { useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// Loaded only when a key is in the address: its query and the contract it calls stay out of the
// console's first load (the sign-in page's too).
const RunningExecutionsBadge = lazy(async () => ({
  default: (await import('./running-executions-badge')).RunningExecutionsBadge,
}));

/** The navigation's "N running" for the agents area, when the address names an API key. */
export function RunningExecutionsNavBadge() {
  const apiKeyId = useParams({ strict: false, select: (params) => params.apiKeyId });
  if (!apiKeyId) return null;
  return (
    <Suspense fallback={null}>
      <RunningExecutionsBadge />
    </Suspense>
  );
}
