import type { Area } from '#contract/areas';
import type { AnyEndpoint } from '#contract/endpoint';

/** The endpoints a search shows, grouped by area in the order of the list. */
export function matchingEndpoints(
  endpoints: readonly AnyEndpoint[],
  query: string | undefined,
  area: string | undefined,
): { area: Area; endpoints: AnyEndpoint[] }[] {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<Area, AnyEndpoint[]>();
  for (const endpoint of endpoints) {
    if (area && endpoint.area !== area) continue;
    const text = `${endpoint.name} ${endpoint.path} ${endpoint.area}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) continue;
    groups.set(endpoint.area, [...(groups.get(endpoint.area) ?? []), endpoint]);
  }
  return [...groups].map(([name, list]) => ({ area: name, endpoints: list }));
}
