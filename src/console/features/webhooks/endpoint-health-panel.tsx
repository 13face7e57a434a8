import type { EndpointHealth } from '#contract/endpoint-health';
import { type AdvancedWebhookEndpoint, updateAdvancedWebhookEndpoint } from '#contract/webhooks';
import { Badge } from '../../components/badge';
import { CallButton } from '../../components/call-button';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/form-alert';
import { TimeText } from '../../components/time-text';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useEnableAndRetry } from './use-enable-and-retry';

interface PanelProps {
  apiKey: ApiKeyCredentials;
  endpoint: AdvancedWebhookEndpoint;
}

/** Why the endpoint is disabled, in words. */
function disabledText(health: EndpointHealth | undefined): string {
  switch (health?.disabledReason) {
    case 'gone':
      return 'The service disabled it: the receiver answered 410 Gone, which asks senders to stop.';
    case 'failing':
      return 'The service disabled it: every delivery attempt failed for days.';
    default:
      return 'It was disabled by hand: new events are not queued for it.';
  }
}

/** The disabled endpoint's banner, with the one action that brings it and its backlog back. */
function DisabledBanner({ apiKey, endpoint }: PanelProps) {
  const enabling = useEnableAndRetry(apiKey, endpoint);
  const health = endpoint.health;
  return (
    <div
      role="region"
      aria-label="Endpoint disabled"
      className="space-y-3 rounded-lg border border-danger bg-danger-soft p-5 shadow-sm"
    >
      <h2 className="text-base font-semibold text-danger-soft-fg">This endpoint is disabled</h2>
      <p className="text-sm">{disabledText(health)}</p>
      {health?.lastFailure ? (
        <p className="text-sm">
          Latest failure: <span className="font-mono break-all">{health.lastFailure}</span>{' '}
          <TimeText at={health.lastFailureAt} />
        </p>
      ) : null}
      {health?.disabledReason ? (
        <p className="text-sm">
          Its undelivered messages are kept. Once the receiver works again, enabling it delivers
          them oldest first and queues again those whose attempts ran out while it failed.
        </p>
      ) : null}
      <CallButton
        endpoint={updateAdvancedWebhookEndpoint}
        variant="primary"
        disabled={enabling.isPending}
        onClick={() => enabling.mutate()}
      >
        {enabling.isPending ? 'Enabling…' : 'Enable and retry the backlog'}
      </CallButton>
      <FormAlert message={enabling.isError ? errorMessage(enabling.error) : undefined} />
    </div>
  );
}

/** The circuit's state: deliveries flowing, or held while one probe message is retried. */
function CircuitState({ health }: { health: EndpointHealth }) {
  const open = health.circuit === 'open';
  return (
    <Card className="space-y-2" role="region" aria-label="Delivery health">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">Delivery health</h2>
        <Badge tone={open ? 'warning' : health.failureCount > 0 ? 'warning' : 'success'}>
          {open ? 'Circuit open' : health.failureCount > 0 ? 'Failing' : 'Healthy'}
        </Badge>
      </div>
      {open ? (
        <p className="text-sm">
          Deliveries are held since <TimeText at={health.openedAt} /> after {health.failureCount}{' '}
          failed attempts in a row. One message is retried on the schedule; the next try is at{' '}
          <TimeText at={health.nextProbeAt} none="soon" />. The others wait without using their
          attempts and follow, oldest first, once it succeeds.
        </p>
      ) : health.failureCount > 0 ? (
        <p className="text-sm">
          {health.failureCount} failed {health.failureCount === 1 ? 'attempt' : 'attempts'} in a row
          since <TimeText at={health.failingSince} />.
        </p>
      ) : (
        <p className="text-sm text-muted">The latest attempts succeeded.</p>
      )}
      {health.lastFailure && (open || health.failureCount > 0) ? (
        <p className="text-sm">
          Why: <span className="font-mono break-all">{health.lastFailure}</span>{' '}
          <TimeText at={health.lastFailureAt} />
        </p>
      ) : null}
    </Card>
  );
}

/** The endpoint's health on its page: the disabled banner, or the state of its circuit. */
export function EndpointHealthPanel({ apiKey, endpoint }: PanelProps) {
  if (endpoint.disabled) return <DisabledBanner apiKey={apiKey} endpoint={endpoint} />;
  return endpoint.health ? <CircuitState health={endpoint.health} /> : null;
}
