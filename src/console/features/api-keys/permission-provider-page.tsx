import { Suspense } from 'react';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import { PermissionProviderForm } from './permission-provider-form';

export function PermissionProviderPage({ apiKeyId }: { apiKeyId: string }) {
  return (
    <Suspense fallback={<SettingsSkeleton label="Loading the permission provider…" rows={3} />}>
      <PermissionProviderForm apiKeyId={apiKeyId} />
    </Suspense>
  );
}
