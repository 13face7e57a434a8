import type { z } from 'zod';
import type {
  AdvancedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  createWebhookEndpointRequest,
  updateWebhookEndpointRequest,
} from '#contract/webhooks';
import { idLines, linesOf } from '../../lib/id-search';

export type CreateRequest = z.output<typeof createWebhookEndpointRequest>;
export type UpdateRequest = z.output<typeof updateWebhookEndpointRequest>;

export interface MetadataRow {
  key: string;
  value: string;
}

/** "all" sends no list (every type or channel); "some" sends the typed list, which must not be empty. */
export type FilterMode = 'all' | 'some';

// A type, not an interface: react-hook-form wants its values as a plain record.
export type EndpointValues = {
  url: string;
  description: string;
  filterTypesMode: FilterMode;
  /** Separated by commas, spaces or lines. */
  filterTypes: string;
  channelsMode: FilterMode;
  /** Organization IDs, one a line (an id may hold spaces and commas). */
  channels: string;
  /** Blank: no limit. */
  rateLimit: string;
  uid: string;
  disabled: boolean;
  metadata: MetadataRow[];
};

export const emptyEndpointValues: EndpointValues = {
  url: '',
  description: '',
  filterTypesMode: 'all',
  filterTypes: '',
  channelsMode: 'all',
  channels: '',
  rateLimit: '',
  uid: '',
  disabled: false,
  metadata: [],
};

export function endpointValues(endpoint: AdvancedWebhookEndpoint): EndpointValues {
  return {
    url: endpoint.url,
    description: endpoint.description,
    filterTypesMode: endpoint.filterTypes ? 'some' : 'all',
    filterTypes: (endpoint.filterTypes ?? []).join(', '),
    channelsMode: endpoint.channels ? 'some' : 'all',
    channels: linesOf(endpoint.channels ?? []),
    rateLimit: endpoint.rateLimit === null ? '' : String(endpoint.rateLimit),
    uid: endpoint.uid ?? '',
    disabled: endpoint.disabled,
    metadata: Object.entries(endpoint.metadata ?? {}).map(([key, value]) => ({ key, value })),
  };
}

export function splitList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * undefined when "all"; the (maybe empty) list when "some", for the schema to judge. Event types
 * hold no space or comma and may be separated by them; channels are organization ids, one a line.
 */
function list(
  mode: FilterMode,
  text: string,
  read: (text: string) => string[],
): string[] | undefined {
  return mode === 'all' ? undefined : read(text);
}

/** A blank field is no limit; anything else goes to the schema as a number (NaN fails it). */
function rateLimitOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const isBlankRow = (row: MetadataRow) => row.key.trim() === '' && row.value === '';

export function metadataOf(rows: readonly MetadataRow[]): Record<string, string> {
  return Object.fromEntries(
    rows.filter((row) => !isBlankRow(row)).map((row) => [row.key.trim(), row.value]),
  );
}

/**
 * Rules of the metadata editor that a map cannot break but rows can: a name for every value, and
 * no name twice (the later row would silently replace the earlier one).
 */
export function metadataRowProblems(rows: readonly MetadataRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const key = row.key.trim();
    if (key === '') problems[`metadata.${index}.key`] = 'Name must not be empty.';
    else if (seen.has(key)) problems[`metadata.${index}.key`] = `Name ${key} is used twice.`;
    seen.add(key);
  });
  return problems;
}

export function createRequest(values: EndpointValues): CreateWebhookEndpointRequest {
  const request: CreateWebhookEndpointRequest = { url: values.url.trim() };
  const description = values.description.trim();
  if (description !== '') request.description = description;
  const filterTypes = list(values.filterTypesMode, values.filterTypes, splitList);
  if (filterTypes) request.filterTypes = filterTypes;
  const channels = list(values.channelsMode, values.channels, idLines);
  if (channels) request.channels = channels;
  const rateLimit = rateLimitOf(values.rateLimit);
  if (rateLimit !== undefined) request.rateLimit = rateLimit;
  const uid = values.uid.trim();
  if (uid !== '') request.uid = uid;
  if (values.disabled) request.disabled = true;
  const metadata = metadataOf(values.metadata);
  if (Object.keys(metadata).length > 0) request.metadata = metadata;
  return request;
}

function sameList(a: readonly string[] | null, b: readonly string[] | null | undefined): boolean {
  const other = b ?? null;
  if (a === null || other === null) return a === other;
  return a.length === other.length && a.every((item, index) => item === other[index]);
}

function sameMap(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Only what changed against the saved endpoint, beside its ID: the service changes only the fields
 * it is sent. "All" of a filter that had a list is sent as null, which returns it to everything.
 */
export function updateRequest(
  values: EndpointValues,
  saved: AdvancedWebhookEndpoint,
): UpdateWebhookEndpointRequest {
  const request: UpdateWebhookEndpointRequest = { endpointId: saved.id };
  const url = values.url.trim();
  if (url !== saved.url) request.url = url;
  const description = values.description.trim();
  if (description !== saved.description) request.description = description;
  const filterTypes = list(values.filterTypesMode, values.filterTypes, splitList) ?? null;
  if (!sameList(filterTypes, saved.filterTypes)) request.filterTypes = filterTypes;
  const channels = list(values.channelsMode, values.channels, idLines) ?? null;
  if (!sameList(channels, saved.channels)) request.channels = channels;
  const rateLimit = rateLimitOf(values.rateLimit) ?? null;
  if (rateLimit !== saved.rateLimit) request.rateLimit = rateLimit;
  const uid = values.uid.trim() || null;
  if (uid !== saved.uid) request.uid = uid;
  if (values.disabled !== saved.disabled) request.disabled = values.disabled;
  const metadata = metadataOf(values.metadata);
  if (!sameMap(metadata, saved.metadata ?? {})) request.metadata = metadata;
  return request;
}

/** The form field of an issue in a request built from these values. */
export function endpointFieldOf(values: EndpointValues) {
  return (path: readonly PropertyKey[]): string | undefined => {
    const [field, key] = path;
    if (field === 'metadata') {
      const index = values.metadata.findIndex((row) => row.key.trim() === key);
      return index < 0 ? 'metadata.root' : `metadata.${index}.value`;
    }
    if (field === 'endpointId' || field === 'secret') return undefined;
    return typeof field === 'string' ? field : undefined;
  };
}
