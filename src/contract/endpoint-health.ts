import { z } from 'zod';

/**
 * Why the service disabled an endpoint by itself: every attempt failed for the configured time
 * (5 days by default), or the receiver answered `410 Gone`. An endpoint its owner disabled has
 * no reason here.
 */
export const endpointDisabledReasons = ['failing', 'gone'] as const;
export type EndpointDisabledReason = (typeof endpointDisabledReasons)[number];

/**
 * An endpoint's delivery health, an extension field of the endpoint's answers. While the circuit
 * is `open`, one probe message is retried on the retry schedule and the rest of the endpoint's
 * messages wait without using their attempts; the first success closes it and they flow in the
 * order they were created.
 */
export const endpointHealthSchema = z.object({
  circuit: z.enum(['closed', 'open']),
  /** Failed attempts since the latest success. */
  failureCount: z.number().int(),
  /** Why the latest attempt failed (`HTTP 503`, or the connection's error), and when. */
  lastFailure: z.string().nullable(),
  lastFailureAt: z.iso.datetime().nullable(),
  /** The first failure since the latest success; null while it succeeds. */
  failingSince: z.iso.datetime().nullable(),
  /** When the circuit opened; null while closed. */
  openedAt: z.iso.datetime().nullable(),
  /** When the probe is attempted next; null while closed. */
  nextProbeAt: z.iso.datetime().nullable(),
  /** Set when the service disabled the endpoint by itself. */
  disabledReason: z.enum(endpointDisabledReasons).nullable(),
  disabledAt: z.iso.datetime().nullable(),
});
export type EndpointHealth = z.infer<typeof endpointHealthSchema>;
