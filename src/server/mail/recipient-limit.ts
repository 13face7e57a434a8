import { domainToASCII } from 'node:url';
import type { RateLimitRule } from '../config/config';
import { type RateLimiter, limitMessage } from '../rate-limits/rate-limit';

/** Domains whose mailbox ignores dots in the local part (Gmail's rule). */
const dotBlindDomains = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The inbox an address delivers to, as far as the address shows it: case folded, the domain in
 * its ASCII form, a `+tag` dropped (plus-addressing reaches the same inbox at Gmail, Outlook,
 * iCloud, Fastmail and most others) and, at Gmail, the dots of the local part too. Two addresses
 * that may reach one inbox count as one, so that varying the spelling floods no inbox.
 */
export function inboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address.trim().toLowerCase();
  const rawDomain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const ascii = domainToASCII(rawDomain) || rawDomain;
  const domain = dotBlindDomains.get(ascii) ?? ascii;
  let local = address.slice(0, at).trim().toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (dotBlindDomains.has(ascii)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/**
 * E-mails that carry a sign-in link (login links; invitations), counted per recipient inbox and
 * shared by every process (the database's windows on PostgreSQL): however many addresses ask,
 * one inbox receives at most the rule's count per window. Every address is counted alike,
 * whether or not it owns a workspace, so a refusal tells nothing about accounts. The inbox is
 * kept only as a keyed hash, so the windows' table holds no e-mail address.
 */
export class RecipientLimit {
  constructor(
    /** Absent when rate limits are switched off. */
    private readonly limiter: RateLimiter | undefined,
    private readonly rule: RateLimitRule,
    private readonly hash: (value: string) => string,
  ) {}

  /** Counts one e-mail to `address`; throws RESOURCE_EXHAUSTED past the limit. */
  async admit(address: string): Promise<void> {
    if (!this.limiter) return;
    const key = `email-recipient:${this.hash(inboxOf(address))}`;
    await this.limiter.hit(key, this.rule, limitMessage(this.rule));
  }
}
