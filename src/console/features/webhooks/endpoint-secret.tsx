import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getAdvancedWebhookEndpointSecret } from '#contract/webhooks';
import { SecretValue } from '../../components/secret-value';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { webhookQueries } from './queries';

/** The signing secret, masked until revealed; it is fetched only then, or when copied. */
export function EndpointSecret({
  apiKey,
  endpointId,
}: {
  apiKey: ApiKeyCredentials;
  endpointId: string;
}) {
  const [revealed, setRevealed] = useState(false);
  const queryClient = useQueryClient();
  const options = webhookQueries.secret(apiKey, endpointId);
  const secret = useQuery({ ...options, enabled: revealed });
  return (
    <SecretValue
      name="signing secret"
      mask="whsec_••••••••••••••••"
      endpoint={getAdvancedWebhookEndpointSecret}
      revealed={revealed}
      onRevealedChange={setRevealed}
      secret={secret}
      copy={() => queryClient.query(options)}
      testId="signing-secret"
    />
  );
}
