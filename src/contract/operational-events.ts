import { z } from 'zod';
import { endpointDisabledReasons } from './endpoint-health';

/**
 * The events the service emits about webhook delivery itself. They go into the event outbox of
 * the endpoint's API key and reach only the key's endpoints whose `filterTypes` name them (an
 * endpoint subscribed to every type does not get them), never the endpoint they are about.
 */
export const endpointDisabledEvent = z.object({
  endpointId: z.string(),
  url: z.string(),
  reason: z.enum(endpointDisabledReasons),
  disabledAt: z.iso.datetime(),
  failingSince: z.iso.datetime().nullable(),
  lastFailure: z.string().nullable(),
});

export const endpointCircuitOpenedEvent = z.object({
  endpointId: z.string(),
  url: z.string(),
  openedAt: z.iso.datetime(),
  failureCount: z.number().int(),
  lastFailure: z.string().nullable(),
  nextProbeAt: z.iso.datetime().nullable(),
});

export const endpointRecoveredEvent = z.object({
  endpointId: z.string(),
  url: z.string(),
  recoveredAt: z.iso.datetime(),
  /** When the circuit had opened. */
  openedAt: z.iso.datetime(),
});

export const messageAttemptExhaustedEvent = z.object({
  endpointId: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  attempts: z.number().int(),
  lastAttemptAt: z.iso.datetime(),
  lastFailure: z.string().nullable(),
});

const at = '2026-01-05T10:00:00.000Z';
const since = '2025-12-31T10:00:00.000Z';
const sampleEndpoint = { endpointId: 'ep_sample', url: 'https://example.com/webhooks' };

/** Every operational event type: its description, payload schema (`data`) and a sample. */
export const operationalEvents = {
  'endpoint.disabled': {
    description:
      'The service disabled an endpoint: all its attempts failed for days, or it answered 410 Gone. Its messages wait until it is enabled again.',
    schema: endpointDisabledEvent,
    sample: {
      ...sampleEndpoint,
      reason: 'failing',
      disabledAt: at,
      failingSince: since,
      lastFailure: 'HTTP 503',
    } satisfies z.input<typeof endpointDisabledEvent>,
  },
  'endpoint.circuit_opened': {
    description:
      'An endpoint failed several attempts in a row: one probe message is retried on the schedule while the others wait.',
    schema: endpointCircuitOpenedEvent,
    sample: {
      ...sampleEndpoint,
      openedAt: at,
      failureCount: 10,
      lastFailure: 'connect ECONNREFUSED',
      nextProbeAt: '2026-01-05T10:00:05.000Z',
    } satisfies z.input<typeof endpointCircuitOpenedEvent>,
  },
  'endpoint.recovered': {
    description:
      "An endpoint's probe succeeded: its circuit closed and the messages that waited flow in the order they were created.",
    schema: endpointRecoveredEvent,
    sample: {
      ...sampleEndpoint,
      recoveredAt: at,
      openedAt: since,
    } satisfies z.input<typeof endpointRecoveredEvent>,
  },
  'message.attempt.exhausted': {
    description: 'A message failed its last attempt and will not be retried (Recover resends it).',
    schema: messageAttemptExhaustedEvent,
    sample: {
      ...sampleEndpoint,
      messageId: 'msg_sample',
      eventType: 'comment.add',
      attempts: 8,
      lastAttemptAt: at,
      lastFailure: 'HTTP 500',
    } satisfies z.input<typeof messageAttemptExhaustedEvent>,
  },
} as const;

export type OperationalEventType = keyof typeof operationalEvents;
export const operationalEventTypes = Object.keys(operationalEvents) as OperationalEventType[];
