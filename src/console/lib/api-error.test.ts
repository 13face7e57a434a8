import { describe, expect, it } from 'vitest';
import { errorHttpStatus } from '#contract/errors';
import { retryAfterMs } from '#contract/client-call';
import { ApiError, errorAdvice, retryable } from './api-error';
import { shouldRetry } from './query-client';

const answered = (
  status: keyof typeof errorHttpStatus,
  httpStatus: number = errorHttpStatus[status],
) => new ApiError(status, 'The message.', httpStatus);

describe('retryable', () => {
  it('offers a retry for what a second try can fix', () => {
    for (const error of [
      new ApiError('UNAVAILABLE', 'The service could not be reached.', 0),
      new ApiError('UNAVAILABLE', 'The service did not answer with JSON (HTTP 502).', 502),
      answered('INTERNAL'),
      answered('RESOURCE_EXHAUSTED'),
      // The service's own timeout of a request that did not arrive in time.
      answered('INVALID_ARGUMENT', 408),
      // A proxy's JSON the contract does not describe, in a 5xx: the proxy may recover.
      new ApiError('INVALID_RESPONSE', 'Bad gateway.', 503),
      // Not from the service at all (a chunk of the console that failed to load, say).
      new Error('Failed to fetch dynamically imported module'),
    ]) {
      expect(retryable(error), String(error)).toBe(true);
    }
  });

  it('never offers a retry for an answer that the same request gets again', () => {
    for (const status of [
      'NOT_FOUND',
      'INVALID_ARGUMENT',
      'PERMISSION_DENIED',
      'UNAUTHENTICATED',
      'FAILED_PRECONDITION',
      'ALREADY_EXISTS',
    ] as const) {
      expect(retryable(answered(status)), status).toBe(false);
    }
    expect(retryable(new ApiError('INVALID_RESPONSE', 'Another contract.', 200))).toBe(false);
  });

  it('is the query client’s rule too: it retries what may pass, twice at most', () => {
    expect(shouldRetry(0, answered('INTERNAL'))).toBe(true);
    expect(shouldRetry(1, new ApiError('UNAVAILABLE', 'Unreachable.', 0))).toBe(true);
    expect(shouldRetry(0, answered('INVALID_ARGUMENT', 408))).toBe(true);
    expect(shouldRetry(2, answered('INTERNAL'))).toBe(false);
    for (const status of ['NOT_FOUND', 'INVALID_ARGUMENT', 'PERMISSION_DENIED'] as const) {
      expect(shouldRetry(0, answered(status)), status).toBe(false);
    }
    // A wait asked for is shown with its countdown, not spent hidden in a retry.
    const limited = new ApiError('RESOURCE_EXHAUSTED', 'Too many requests.', 429, {
      retryAfterMs: 2_000,
      presented: { kind: 'apiKey', id: 'k', token: 't' },
    });
    expect(shouldRetry(0, limited)).toBe(false);
  });
});

describe('errorAdvice', () => {
  it('says what to do instead of trying again', () => {
    expect(errorAdvice(answered('NOT_FOUND'))).toMatch(/check the ID/i);
    // An unknown ID is INVALID_ARGUMENT from this service, NOT_FOUND from older ones.
    expect(errorAdvice(answered('INVALID_ARGUMENT'))).toMatch(/check the ID/i);
    expect(errorAdvice(answered('PERMISSION_DENIED'))).toMatch(/owner/i);
    expect(errorAdvice(answered('UNAUTHENTICATED'))).toMatch(/sign in/i);
    expect(errorAdvice(new ApiError('INVALID_RESPONSE', 'Another contract.', 200))).toMatch(
      /version/i,
    );
  });

  it('has nothing to add where a retry is offered', () => {
    expect(errorAdvice(answered('INTERNAL'))).toBeUndefined();
    expect(errorAdvice(new ApiError('UNAVAILABLE', 'Unreachable.', 0))).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds, and nothing else', () => {
    expect(retryAfterMs('12')).toBe(12_000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-3')).toBeUndefined();
  });

  it('dates the wait from when the answer arrived', () => {
    const before = Date.now();
    const limited = new ApiError('RESOURCE_EXHAUSTED', 'Too many.', 429, {
      retryAfterMs: 12_000,
      presented: { kind: 'apiKey', id: 'k', token: 't' },
    });
    expect(limited.retryAt).toBeGreaterThanOrEqual(before + 12_000);
    expect(limited.retryAt).toBeLessThanOrEqual(Date.now() + 12_000);
  });
});
