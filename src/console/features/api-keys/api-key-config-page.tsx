import { Suspense } from 'react';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import { ApiKeyConfigForm } from './api-key-config-form';

export function ApiKeyConfigPage({ apiKeyId }: { apiKeyId: string }) {
  return (
    <Suspense fallback={<SettingsSkeleton label="Loading the configuration…" />}>
      <ApiKeyConfigForm apiKeyId={apiKeyId} />
    </Suspense>
  );
}
