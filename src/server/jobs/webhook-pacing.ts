import type { Db } from '../db/db';
import { type ClaimedMessage, type Release, reserveSlots } from './webhook-queue-store';

export interface Planned {
  message: ClaimedMessage;
  claimId: string;
  /** When to send, on the service clock. */
  sendAtMs: number;
  /** The send time is a reserved rate-limit slot. */
  slotted: boolean;
}

export interface PacingLimits {
  /** Messages whose send time is further away than this are handed back until then. */
  lookaheadMs: number;
  /** Held messages per endpoint, so one slow receiver cannot take every delivery slot. */
  perEndpoint: number;
  /** When a busy endpoint's extra messages are due again. */
  busyRetryMs: number;
}

/** Messages that will really be sent and still need a slot under their endpoint's rate limit. */
function needsSlot(m: ClaimedMessage): boolean {
  return m.rateLimit !== null && !m.slotted && m.enabled && !m.disabled;
}

/**
 * Decides for each claimed message when it is sent. Rate-limited messages get consecutive slots
 * reserved in the database (one statement per endpoint, shared by all processes); those whose
 * slot lies beyond the lookahead go back to the table as `slotted`, due at their slot, and are
 * sent then without taking a second one.
 */
export async function planSends(
  db: Db,
  claimed: readonly ClaimedMessage[],
  claimId: string,
  nowMs: number,
  limits: PacingLimits,
  heldPerEndpoint: Map<string, number>,
): Promise<{ go: Planned[]; release: Release[] }> {
  const sendAt = new Map<string, number>();
  const slotted = new Set<string>();
  const groups = new Map<string, ClaimedMessage[]>();
  for (const m of claimed) {
    sendAt.set(m.id, m.dueMs);
    if (m.slotted) slotted.add(m.id);
    if (!needsSlot(m)) continue;
    const group = groups.get(m.endpointId) ?? [];
    group.push(m);
    groups.set(m.endpointId, group);
  }
  // Sorted, so that two workers reserving for the same endpoints queue in the same order.
  for (const endpointId of [...groups.keys()].sort()) {
    const group = groups.get(endpointId) ?? [];
    const slots = await reserveSlots(db, endpointId, group.length, new Date(nowMs));
    if (!slots) continue;
    group.forEach((m, i) => {
      sendAt.set(m.id, Math.max(m.dueMs, slots.firstMs + i * slots.intervalMs));
      slotted.add(m.id);
    });
  }

  const go: Planned[] = [];
  const release: Release[] = [];
  for (const m of claimed) {
    const at = sendAt.get(m.id) ?? m.dueMs;
    const isSlotted = slotted.has(m.id);
    if (at > nowMs + limits.lookaheadMs) {
      release.push({ id: m.id, claimId, at: new Date(at), slotted: isSlotted });
      continue;
    }
    const held = heldPerEndpoint.get(m.endpointId) ?? 0;
    if (held >= limits.perEndpoint) {
      release.push({
        id: m.id,
        claimId,
        at: new Date(Math.max(at, nowMs + limits.busyRetryMs)),
        slotted: isSlotted,
      });
      continue;
    }
    heldPerEndpoint.set(m.endpointId, held + 1);
    go.push({ message: m, claimId, sendAtMs: at, slotted: isSlotted });
  }
  return { go, release };
}
