import { type ReactNode, Suspense } from 'react';
import { Card } from '../../components/card';
import { CenteredPage } from '../../components/centered-page';
import { FormSkeleton } from './form-skeleton';

/** The frame of the sign-in page's every state; the build draws it too (prerender/sign-in-shell). */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <CenteredPage>
      <Card className="p-6 sm:p-8">
        <Suspense fallback={<FormSkeleton />}>{children}</Suspense>
      </Card>
    </CenteredPage>
  );
}
