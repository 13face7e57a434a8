import { eventCatalog, isCatalogEventType } from '#contract/event-catalog';
import type { AnyEvent } from '../../events/event-outbox';

/**
 * What Send Test Event delivers: the catalog's sample of that type, marked `test: true`, so a
 * receiver can exercise the code path of the real event; a type the catalog does not list (the
 * hosted product's, which this service does not emit) gets a message naming it.
 */
export function sampleEvent(type: string, now: Date): AnyEvent {
  const data = isCatalogEventType(type)
    ? eventCatalog[type].sample
    : { message: `This is a test event of type ${type}.`, createdAt: now.toISOString() };
  return { type, channel: null, data: { ...data, test: true } };
}
