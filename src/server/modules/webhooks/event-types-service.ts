import { catalogEventTypes, eventCatalog } from '#contract/event-catalog';
import type { EventTypeInfo } from '#contract/event-types';
import { eventFields } from '#contract/event-type-fields';

let answer: { eventTypes: EventTypeInfo[] } | undefined;

/** The catalog as Get Advanced Webhook Event Types answers it; the same for every key. */
export function eventTypes(): { eventTypes: EventTypeInfo[] } {
  answer ??= {
    eventTypes: catalogEventTypes.map((type) => {
      const entry = eventCatalog[type];
      return {
        type,
        description: entry.description,
        receivers: [...entry.receivers],
        fields: eventFields(entry.data),
        sample: { ...entry.sample },
      };
    }),
  };
  return answer;
}
