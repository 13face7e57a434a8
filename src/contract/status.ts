import { z } from 'zod';
import { noFields } from './common';
import { endpoint } from './endpoint';

/** Minutes of deliveries the Status page shows, one bar a minute, the current minute last. */
export const STATUS_WINDOW_MINUTES = 15;

/** Most failing endpoints one answer lists, longest failing first. */
export const MAX_FAILING_ENDPOINTS = 100;

/** Unfinished tasks of one kind of job, as `/metrics`' `svc_job_tasks` counts them. */
export const jobQueueKindSchema = z.object({
  kind: z.string(),
  pending: z.number().int(),
  running: z.number().int(),
  /** Seconds since the oldest due task became due; 0 when none is due. */
  oldestDueSeconds: z.number(),
});
export type JobQueueKind = z.infer<typeof jobQueueKindSchema>;

/** The webhook outbox: messages due and not yet attempted, and how long the oldest has waited. */
export const outboxStatusSchema = z.object({
  dueMessages: z.number().int(),
  lagSeconds: z.number(),
});

/** Webhook attempts of one minute, by how they ended. */
export const deliveryMinuteSchema = z.object({
  /** The minute's start. */
  minute: z.string(),
  delivered: z.number().int(),
  /** Attempts that failed, whether another is scheduled or not. */
  failed: z.number().int(),
});
export type DeliveryMinute = z.infer<typeof deliveryMinuteSchema>;

/** Disabled; its circuit open (one probe retried, the rest waiting); or failing attempts. */
export const failingEndpointStates = ['disabled', 'circuit_open', 'failing'] as const;

/** An endpoint that does not deliver: disabled, or with messages waiting after failed attempts. */
export const failingEndpointSchema = z.object({
  apiKeyId: z.string(),
  endpointId: z.string(),
  /** `advanced`, or the basic webhook service's `basic_raw` / `basic_processed` URL. */
  kind: z.enum(['advanced', 'basic_raw', 'basic_processed']),
  url: z.string(),
  state: z.enum(failingEndpointStates),
  /**
   * Since when its attempts have failed without a success between (the breaker's count), else the
   * first attempt of its oldest waiting failed message, else (disabled) the endpoint's last change.
   */
  since: z.string(),
  /** The last failed attempt's error or HTTP status; null when no attempt failed. */
  lastError: z.string().nullable(),
  /** Messages waiting after a failed attempt, counted up to 1,000 (more reads as 1000). */
  failingMessages: z.number().int(),
});
export type FailingEndpoint = z.infer<typeof failingEndpointSchema>;

export const MAX_COUNTED_FAILING_MESSAGES = 1000;

export const workspaceStatusSchema = z.object({
  /** When the service read these figures. */
  readAt: z.string(),
  jobs: z.array(jobQueueKindSchema),
  outbox: outboxStatusSchema,
  /** The last `STATUS_WINDOW_MINUTES` minutes, oldest first, a minute without attempts at 0. */
  deliveries: z.array(deliveryMinuteSchema),
  failingEndpoints: z.array(failingEndpointSchema),
});
export type WorkspaceStatus = z.infer<typeof workspaceStatusSchema>;

export const getWorkspaceStatus = endpoint({
  name: 'Get Workspace Status',
  path: '/v2/workspace/status/get',
  auth: 'workspace',
  area: 'status',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: workspaceStatusSchema,
  errors: [],
  access: { least: 'admin', denied: 'read the workspace status' },
});
