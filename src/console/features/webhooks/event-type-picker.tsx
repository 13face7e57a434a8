import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { EventTypeInfo } from '#contract/event-types';
import { QueryState } from '../../components/query-state';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { jsonText } from '../../lib/json-text';
import { type EndpointValues, splitList } from './endpoint-values';
import { statsQueries } from './stats-queries';

/** The list typed in the field with `type` added or taken out, in the order typed. */
function toggled(list: readonly string[], type: string, on: boolean): string {
  const rest = list.filter((t) => t !== type);
  return (on ? [...rest, type] : rest).join(', ');
}

function EventTypeChoice({
  info,
  checked,
  onChange,
}: {
  info: EventTypeInfo;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="grid gap-2 border-t border-border py-3 first:border-t-0 md:grid-cols-2 md:gap-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-description`}
          className="mt-0.5 size-4.5 shrink-0 cursor-pointer accent-accent"
        />
        <div className="min-w-0">
          <label htmlFor={id} className="block cursor-pointer font-mono text-sm font-medium">
            {info.type}
          </label>
          <p id={`${id}-description`} className="text-xs text-muted">
            {info.description}
          </p>
        </div>
      </div>
      <details className="min-w-0 text-xs">
        <summary className="cursor-pointer text-muted">
          Sample payload <span className="sr-only">of {info.type}</span>
        </summary>
        <pre className="mt-1 max-h-48 overflow-auto rounded-md bg-surface-muted p-2 font-mono">
          {jsonText(info.sample)}
        </pre>
      </details>
    </li>
  );
}

/**
 * The event types an endpoint can receive, from the service's catalog, each with a checkbox that
 * adds it to the typed list or takes it out, its description and a sample of its `data`. The
 * list stays free text: a name the catalog does not have (the hosted product's) is kept as typed.
 */
export function EventTypePicker({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const catalog = useQuery(statsQueries.eventTypes(apiKey));
  const { control, setValue } = useFormContext<EndpointValues>();
  const typed = splitList(useWatch({ control, name: 'filterTypes' }));
  const headingId = useId();
  return (
    <div className="space-y-1 rounded-md border border-border p-3">
      <h4 id={headingId} className="text-sm font-medium">
        Event types this service sends
      </h4>
      <QueryState query={catalog} loading="Loading the event types…">
        {(types) => {
          const offered = types.filter((t) => t.receivers.includes('advancedEndpoints'));
          const unlisted = typed.filter((t) => !offered.some((o) => o.type === t));
          return (
            <>
              <ul aria-labelledby={headingId}>
                {offered.map((info) => (
                  <EventTypeChoice
                    key={info.type}
                    info={info}
                    checked={typed.includes(info.type)}
                    onChange={(on) =>
                      setValue('filterTypes', toggled(typed, info.type, on), {
                        shouldDirty: true,
                        shouldValidate: true,
                      })
                    }
                  />
                ))}
              </ul>
              {unlisted.length > 0 ? (
                <p className="text-xs text-muted">
                  Not in this service’s catalog, kept as typed: {unlisted.join(', ')}.
                </p>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
