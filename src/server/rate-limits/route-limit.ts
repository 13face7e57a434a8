import type { FastifyRequest } from 'fastify';
import type { AuthLevel } from '#contract/endpoint';
import type { RateLimitRule } from '../config/config';
import type { AuthContexts } from '../http/auth';

/**
 * A rate limit of one route: requests with the same key share one window. What it counts:
 * - `every` request (the default), checked before anything else;
 * - `failed` requests only (refused for their credentials or input), so that a caller guessing
 *   tokens is stopped without spending the allowance of the one who holds the right token;
 * - `refused` credentials only (`CredentialRefused`: a wrong token, an unknown key, a wrong login
 *   code), the limits every authenticated endpoint gets (`credential-limits.ts`);
 * - `authenticated` requests only, keyed by who they authenticated as.
 * Failures are counted only when a request fails, memory first (`failure-limit.ts`): a call that
 * succeeds costs them no statement.
 */
export interface RouteLimit {
  name: string;
  rule: RateLimitRule;
  counts?: 'every' | 'failed' | 'refused' | 'authenticated';
  /**
   * For `failed` and `refused`: whether a key that used its window up is refused before its
   * credential is checked (the default), or, false, only its further failures are answered
   * RESOURCE_EXHAUSTED while a right credential is still admitted.
   */
  lockout?: boolean;
  /** The key to count under, e.g. the client address; undefined skips this limit. */
  key: (req: FastifyRequest, auth?: AuthContexts[AuthLevel]) => string | undefined;
}
