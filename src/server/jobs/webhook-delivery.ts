import type { KeyObject } from 'node:crypto';
import { BoundedCache } from '../cache';
import type { Secrets } from '../crypto/secrets';
import { parseRsaPublicKey } from '../crypto/rsa-public-key';
import { signingKey } from '../crypto/webhook-signing-secret';
import type { Clock } from '../clock';
import {
  MAX_ATTEMPTS,
  RETRY_AFTER_STATUSES,
  parseRetryAfter,
  retryDelayMs,
} from './retry-schedule';
import type { WebhookClient } from './webhook-http';
import { deliveryBody, signatureHeader } from './webhook-payload';
import { basicPayload } from './basic-webhook-payload';
import type { ClaimedMessage, MessageOutcome } from './webhook-queue-store';

export interface DeliveryContext {
  client: WebhookClient;
  clock: Clock;
}

/** Opened secrets and parsed public keys, so that a busy endpoint costs one decryption, not many. */
export class KeyCache {
  private readonly signing = new BoundedCache<Buffer>(10_000);
  private readonly publicKeys = new BoundedCache<KeyObject>(1_000);
  private readonly authTokens = new BoundedCache<string>(1_000);

  constructor(private readonly secrets: Secrets) {}

  signingKey(sealed: string): Buffer {
    let key = this.signing.get(sealed);
    if (!key) {
      key = signingKey(this.secrets.decrypt(sealed));
      this.signing.set(sealed, key);
    }
    return key;
  }

  /** The basic webhook service's auth token, opened. */
  authToken(sealed: string): string {
    let token = this.authTokens.get(sealed);
    if (token === undefined) {
      token = this.secrets.decrypt(sealed);
      this.authTokens.set(sealed, token);
    }
    return token;
  }

  publicKey(text: string): KeyObject {
    let key = this.publicKeys.get(text);
    if (!key) {
      key = parseRsaPublicKey(text);
      this.publicKeys.set(text, key);
    }
    return key;
  }
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

function withoutAttempt(m: ClaimedMessage, claimId: string, reason: string): MessageOutcome {
  return {
    id: m.id,
    claimId,
    endpointId: m.endpointId,
    status: 'failed',
    attemptCount: m.attemptCount,
    nextAttemptAt: null,
    failureReason: reason,
  };
}

/** The keys to sign with: the current secret, and the previous one until its grace ends. */
function keysFor(m: ClaimedMessage, keys: KeyCache, nowMs: number): Buffer[] {
  const current = keys.signingKey(m.secretEnc);
  if (m.previousSecretEnc && m.previousExpiresMs !== null && m.previousExpiresMs > nowMs) {
    return [current, keys.signingKey(m.previousSecretEnc)];
  }
  return [current];
}

/** Standard Webhooks headers of an advanced endpoint's attempt. */
function signedHeaders(m: ClaimedMessage, keys: KeyCache, body: string, at: Date) {
  // The timestamp is the wall clock: receivers compare it with theirs to refuse replays.
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'webhook-id': m.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(m.id, timestamp, body, keysFor(m, keys, at.getTime())),
  };
}

/** The basic service's headers: its auth token as the hosted product sends it, when there is one. */
function basicHeaders(m: ClaimedMessage, keys: KeyCache): Record<string, string> {
  if (m.authTokenEnc === '') return {};
  return { authorization: `Basic ${keys.authToken(m.authTokenEnc)}` };
}

/**
 * One attempt of one message, and what follows from it: delivered on a 2xx, else due again after
 * the next delay of the retry schedule, else failed. `undefined` when the attempt was cut off
 * because the worker is stopping; the message is then handed back, not counted.
 */
export async function attemptDelivery(
  ctx: DeliveryContext,
  keys: KeyCache,
  m: ClaimedMessage,
  /** `startAt`: when the attempt was admitted (the time the rate limit counted). */
  run: { claimId: string; startAt: Date; signal: AbortSignal },
): Promise<MessageOutcome | undefined> {
  const { claimId, signal } = run;
  const basic = m.kind !== 'advanced';
  if (!m.enabled) {
    return withoutAttempt(
      m,
      claimId,
      basic
        ? 'The webhook service was turned off before delivery.'
        : 'Advanced webhooks were turned off before delivery.',
    );
  }
  if (m.disabled) {
    return withoutAttempt(
      m,
      claimId,
      basic
        ? 'The webhook service URL was removed before delivery.'
        : 'The endpoint was disabled before delivery.',
    );
  }
  const at = run.startAt;
  let outcome;
  try {
    const protection = {
      encodeData: m.encodeData,
      encryptFor: m.encryptData ? keys.publicKey(m.publicKey) : undefined,
    };
    const body = deliveryBody(
      basic ? JSON.stringify(basicPayload(m.payload, m.apiKeyId)) : m.payload,
      protection,
    );
    const headers = basic ? basicHeaders(m, keys) : signedHeaders(m, keys, body, at);
    outcome = await ctx.client.post({ endpointId: m.endpointId, url: m.url, headers, body });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    outcome = { status: null, durationMs: 0, body: '', error: message, retryAfter: undefined };
  }
  if (signal.aborted) return undefined;
  const attempt = {
    at,
    responseStatus: outcome.status,
    durationMs: outcome.durationMs,
    responseBody: outcome.body,
    error: outcome.error,
  };
  const attemptCount = m.attemptCount + 1;
  if (isSuccess(outcome.status) && outcome.error === null) {
    return {
      id: m.id,
      claimId,
      endpointId: m.endpointId,
      status: 'delivered',
      attemptCount,
      nextAttemptAt: null,
      failureReason: null,
      attempt,
    };
  }
  // Only a receiver saying it is overloaded or unavailable asks for a later retry.
  const retryAfter = RETRY_AFTER_STATUSES.has(outcome.status ?? 0)
    ? parseRetryAfter(outcome.retryAfter, Date.now())
    : undefined;
  const delay = retryDelayMs(attemptCount, retryAfter);
  return {
    id: m.id,
    claimId,
    endpointId: m.endpointId,
    status: delay === undefined ? 'failed' : 'pending',
    attemptCount,
    nextAttemptAt: delay === undefined ? null : new Date(ctx.clock().getTime() + delay),
    failureReason: delay === undefined ? `The last ${MAX_ATTEMPTS} attempts all failed.` : null,
    attempt,
  };
}
