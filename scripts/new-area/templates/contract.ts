import type { AreaNames } from '../names';
import { imports } from '../paths';

/** The paths of the area's two endpoints. */
export const endpointPaths = (n: AreaNames) => ({
  list: `/v2/${n.kebab}/list`,
  add: `/v2/${n.kebab}/add`,
});

/** The contract file: the item's record, a keyset-paged list and an add of several items. */
export function contractFile(n: AreaNames): string {
  const i = n.item;
  const paths = endpointPaths(n);
  return `import { z } from 'zod';
import {
  itemList,
  itemResultMap,
  itemResultWithId,
  nameSchema,
  pageSize,
  pageTokenSchema,
  uniqueBy,
} from './common';
import { endpoint } from './endpoint';
import { id } from './ids';

/** A ${i.words} of an API key, as List ${n.title} answers it. */
export const ${i.camel}Schema = z.object({
  id: z.string(),
  name: z.string(),
  /** When it was added, as an ISO 8601 date-time. */
  createdAt: z.string(),
});
export type ${i.pascal} = z.infer<typeof ${i.camel}Schema>;

export const MAX_${i.constant}_NAME_LENGTH = 200;

/** List ${n.title}' page size when the caller gives none. */
export const DEFAULT_${n.constant}_PAGE_SIZE = 100;

export const list${n.pascal}Request = z
  .object({
    pageSize: pageSize().optional(),
    pageToken: pageTokenSchema().optional(),
  })
  .prefault({});
export type List${n.pascal}Request = z.input<typeof list${n.pascal}Request>;

export const add${n.pascal}Request = z.object({
  ${n.camel}: itemList(
    z.object({ ${i.camel}Id: id(), name: nameSchema(MAX_${i.constant}_NAME_LENGTH) }),
  ).superRefine(uniqueBy((${i.camel}) => ${i.camel}.${i.camel}Id)),
});
export type Add${n.pascal}Request = z.input<typeof add${n.pascal}Request>;

export const list${n.pascal} = endpoint({
  name: 'List ${n.title}',
  path: '${paths.list}',
  auth: 'apiKey',
  area: '${n.kebab}',
  envelope: 'A',
  extension: true,
  request: list${n.pascal}Request,
  data: z.array(${i.camel}Schema),
  pageField: 'nextPageToken',
  errors: ['INVALID_ARGUMENT'],
});

export const add${n.pascal} = endpoint({
  name: 'Add ${n.title}',
  path: '${paths.add}',
  write: true,
  auth: 'apiKey',
  area: '${n.kebab}',
  envelope: 'A',
  extension: true,
  request: add${n.pascal}Request,
  data: itemResultMap(itemResultWithId),
  errors: [],
});
`;
}

/** Valid and invalid requests of both endpoints, which the rejection and fuzz tests start from. */
export function samplesFile(n: AreaNames): string {
  const i = n.item;
  return `import type { RequestCases } from '${imports.requestCases}';

/** Cases of the ${n.words} area, keyed by endpoint name (data-cases.ts takes them in). */
export const ${n.camel}Cases: Record<string, RequestCases> = {
  'Add ${n.title}': {
    valid: [
      { ${n.camel}: [{ ${i.camel}Id: '${i.kebab}-1', name: 'First' }] },
      // Ids the hosted product takes: spaces, commas, URL characters.
      {
        ${n.camel}: [
          { ${i.camel}Id: 'acme corp, inc', name: 'Acme' },
          { ${i.camel}Id: 'https://example.com/a b?x=1', name: 'Url' },
        ],
      },
    ],
    invalid: [
      {},
      { ${n.camel}: [] },
      { ${n.camel}: [{ ${i.camel}Id: '${i.kebab}-1' }] },
      { ${n.camel}: [{ ${i.camel}Id: 'tab\\there', name: 'A' }] },
      { ${n.camel}: [{ ${i.camel}Id: '${i.kebab}-1', name: 'line\\nbreak' }] },
      {
        ${n.camel}: [
          { ${i.camel}Id: '${i.kebab}-1', name: 'A' },
          { ${i.camel}Id: '${i.kebab}-1', name: 'B' },
        ],
      },
    ],
  },
  'List ${n.title}': {
    valid: [undefined, {}, { pageSize: 10, pageToken: 't' }],
    invalid: [{ pageSize: 0 }, { pageSize: 1001 }, { pageToken: '' }],
  },
};
`;
}
