import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import type { AnyEndpoint, AuthLevel } from '#contract/endpoint';
import { allEndpoints } from '#contract/endpoints';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FilterInput } from '../../components/data-table/filter-input';
import { FilterSelect } from '../../components/data-table/filter-select';
import { EmptyState } from '../../components/empty-state';
import { useListSearch } from '../../lib/use-list-search';
import { EndpointDetails } from './endpoint-details';
import { matchingEndpoints } from './matching-endpoints';
import type { ReferenceSearch } from './reference-search';
import type { KeyChoice } from './try-it';

const areaOptions = [...new Set(allEndpoints.map((endpoint) => endpoint.area))].map((area) => ({
  value: area,
  label: area,
}));

const authLabel: Record<AuthLevel, string> = {
  public: 'public',
  workspace: 'workspace',
  apiKey: 'API key',
  session: 'session',
};

interface ReferencePageProps {
  search: ReferenceSearch;
  keyChoice: KeyChoice;
}

/** Every endpoint of the contract by area, searchable, each opening to its fields and a form. */
export function ReferencePage({ search, keyChoice }: ReferencePageProps) {
  const list = useListSearch(search);
  const groups = useMemo(
    () => matchingEndpoints(allEndpoints, search.q, search.area),
    [search.q, search.area],
  );
  const count = groups.reduce((sum, group) => sum + group.endpoints.length, 0);
  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-end gap-3">
        <FilterInput label="Search endpoints" value={search.q} onChange={(q) => list.set({ q })} />
        <FilterSelect
          label="Area"
          value={search.area}
          options={areaOptions}
          allLabel="Every area"
          onChange={(area) => list.set({ area })}
        />
        <p role="status" className="pb-2 text-sm text-muted">
          {count} of {allEndpoints.length} endpoints
        </p>
      </Card>
      {groups.length === 0 ? (
        <EmptyState
          title="No endpoint matches"
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => list.set({ q: undefined, area: undefined })}
            >
              Clear the search
            </Button>
          }
        />
      ) : null}
      {groups.map((group) => (
        <section key={group.area} aria-labelledby={`area-${group.area}`} className="space-y-2">
          <h2 id={`area-${group.area}`} className="text-lg font-semibold">
            {group.area}
          </h2>
          <ul className="space-y-2">
            {group.endpoints.map((endpoint) => (
              <EndpointEntry
                key={endpoint.path}
                endpoint={endpoint}
                open={search.endpoint === endpoint.path}
                keyChoice={keyChoice}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function EndpointEntry({
  endpoint,
  open,
  keyChoice,
}: {
  endpoint: AnyEndpoint;
  open: boolean;
  keyChoice: KeyChoice;
}) {
  const detailsId = `endpoint-${endpoint.path.replaceAll('/', '-')}`;
  const entry = useRef<HTMLLIElement>(null);
  // Open as it appears: a link named it (`?endpoint=`), so it is brought into view, as a link to
  // an anchor would be. An entry opened by a click is where the admin is already looking.
  const openedByLink = useRef(open);
  useEffect(() => {
    if (!openedByLink.current) return;
    // After the frame: the router puts a page it has just drawn at its top, which may come after
    // this effect.
    const frame = requestAnimationFrame(() => entry.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <li ref={entry} className="scroll-mt-4">
      <Card className="space-y-3">
        <Link
          to="."
          search={(previous) => ({ ...previous, endpoint: open ? undefined : endpoint.path })}
          replace
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md text-left"
        >
          <span className="font-semibold">{endpoint.name}</span>
          <code className="text-xs wrap-anywhere text-muted">POST {endpoint.path}</code>
          <span className="flex gap-1">
            <Badge tone="accent">{authLabel[endpoint.auth]}</Badge>
            {endpoint.extension ? <Badge>extension</Badge> : null}
          </span>
        </Link>
        {open ? (
          <div id={detailsId}>
            <EndpointDetails endpoint={endpoint} keyChoice={keyChoice} />
          </div>
        ) : null}
      </Card>
    </li>
  );
}
