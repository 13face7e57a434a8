import { z } from 'zod';

/** Error statuses of the specification, with the HTTP status DESIGN.md maps each to. */
export const errorHttpStatus = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
} as const;

export type ErrorStatus = keyof typeof errorHttpStatus;

/**
 * HTTP statuses that refuse a request for its form rather than for what it asks, each with an
 * INVALID_ARGUMENT envelope: another method than POST (405), a body in a content type, charset or
 * content coding the service does not read (415).
 */
export const formRefusalHttpStatuses: readonly number[] = [405, 415];

export const errorStatuses = Object.keys(errorHttpStatus) as [ErrorStatus, ...ErrorStatus[]];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    status: z.enum(errorStatuses),
    message: z.string(),
    code: z.number().int().optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
