import fc from 'fast-check';
import { type JsonSchemaDocument, type JsonSchemaNode, optionsOf } from '#contract/json-schema';

/** An object with an own, enumerable property of that name, which JSON.stringify writes out. */
export function withOwnKey(key: string, value: unknown, base: object = {}): object {
  const out: Record<string, unknown> = { ...base };
  Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
}

/** Arrays or objects nested `depth` deep around a string, past the service's nesting limit. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'deep\u0000';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Strings that break naive code: control characters, scripts, wildcards, injections. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\n\r',
  '\u200b',
  '\u202eevil',
  '\ufeff',
  '😀',
  'Ω≈ç√∫˜µ≤≥÷',
  'a\ud800b',
  '\udc00',
  "' or 1=1 --",
  '"; drop table organizations; --',
  '%',
  '_',
  '%_%\\',
  '../../etc/passwd',
  // The edges of the id rule: refused in a new id (control, line separators, bidirectional
  // formatting, edge whitespace), and URL-like ids, spaces and commas inside, which it takes.
  ' edge',
  'edge ',
  'tab\tinside',
  'next\u0085line',
  'line\u2028separator',
  'isolate\u2066d',
  'acme corp',
  'a,b',
  'https://example.com/a b?x=1&y=%20#top',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return 1")()}}',
  '__proto__',
  'constructor',
  'null',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  'root',
];

const invalidUrls = [
  'not a url',
  'javascript:alert(1)',
  'ftp://example.com/x',
  'file:///etc/passwd',
  'http://',
  'http://[::1',
  'http://exa mple.com',
  'https://user:pass@example.com/x',
  'http://169.254.169.254/latest/meta-data',
  'http://localhost:99999/',
  'data:text/html,<script>alert(1)</script>',
  `https://example.com/${'a'.repeat(5000)}`,
];

const invalidEmails = [
  'nope',
  '@example.com',
  'a@',
  'a@b',
  'a@@b.co',
  'a b@c.co',
  'a@mailinator.com',
];

const invalidDates = [
  '0000-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '2024-02-30T00:00:00Z',
  '2024-05-01T25:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '10000-01-01T00:00:00Z',
  'yesterday',
  '2024-05-01',
];

const hugeString = (n: number) => 'x'.repeat(n);

/** Numbers at and past a node's bounds, and the numbers that trip number handling. */
function boundaryNumbers(node: JsonSchemaNode): number[] {
  const out = [0, -0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, -1e308];
  for (const bound of [node.minimum, node.maximum, node.exclusiveMinimum, node.exclusiveMaximum]) {
    if (bound === undefined || !Number.isFinite(bound)) continue;
    out.push(bound - 1, bound, bound + 1, bound + 0.5, bound - 0.000001);
  }
  return out;
}

function stringsFor(node: JsonSchemaNode): fc.Arbitrary<unknown> {
  const lengths = [node.minLength, node.maxLength].flatMap((n) =>
    n === undefined ? [] : [n - 1, n, n + 1].filter((l) => l >= 0 && l < 300_000),
  );
  const special =
    node.format === 'uri'
      ? invalidUrls
      : node.format === 'email'
        ? invalidEmails
        : node.format === 'date-time'
          ? invalidDates
          : [];
  const enumNear = (node.enum ?? []).flatMap((v) =>
    typeof v === 'string' ? [v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}x`] : [],
  );
  return fc.oneof(
    { arbitrary: fc.constantFrom(...nastyStrings), weight: 4 },
    ...(special.length > 0 ? [{ arbitrary: fc.constantFrom(...special), weight: 4 }] : []),
    ...(enumNear.length > 0 ? [{ arbitrary: fc.constantFrom(...enumNear), weight: 3 }] : []),
    ...(lengths.length > 0
      ? [
          {
            arbitrary: fc.constantFrom(...lengths).map((l) => '😀'.repeat(l).slice(0, l)),
            weight: 2,
          },
        ]
      : []),
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.constantFrom(70_000, 70_000, 70_000, 1_100_000).map(hugeString), weight: 1 },
  );
}

/** Values of every JSON type but the one expected, and structures that stress the walkers. */
export const anyHostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, '', 'x', [], {}, [null], {
    '': '',
  }),
  fc
    .constantFrom('__proto__', 'constructor', 'prototype')
    .map((k) => withOwnKey(k, { polluted: 'yes', prototype: { polluted: 'yes' } })),
  fc
    .constantFrom(20, 33, 60)
    .chain((d) => fc.constantFrom('array' as const, 'object' as const).map((k) => nested(d, k))),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * Values aimed at one node's rules: the wrong types, and for its own type the values at and just
 * past each bound, huge ones, and the special strings of its format.
 */
export function hostileFor(
  schema: JsonSchemaDocument,
  node: JsonSchemaNode,
): fc.Arbitrary<unknown> {
  return remembered(hostileCache, node, 0, () => buildHostile(schema, node));
}

/**
 * Arbitraries by schema node (and depth): mutations build them for every path of every base,
 * and a node's arbitrary never changes, so each is built once.
 */
const hostileCache = new WeakMap<JsonSchemaNode, Map<number, fc.Arbitrary<unknown>>>();
const fittingCache = new WeakMap<JsonSchemaNode, Map<number, fc.Arbitrary<unknown>>>();

function remembered(
  cache: WeakMap<JsonSchemaNode, Map<number, fc.Arbitrary<unknown>>>,
  node: JsonSchemaNode,
  depth: number,
  build: () => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  let byDepth = cache.get(node);
  if (!byDepth) {
    byDepth = new Map();
    cache.set(node, byDepth);
  }
  let found = byDepth.get(depth);
  if (!found) {
    found = build();
    byDepth.set(depth, found);
  }
  return found;
}

function buildHostile(schema: JsonSchemaDocument, node: JsonSchemaNode): fc.Arbitrary<unknown> {
  const own: fc.Arbitrary<unknown>[] = [];
  for (const option of optionsOf(schema, node)) {
    const types = Array.isArray(option.type) ? option.type : [option.type];
    if (types.includes('string') || option.enum) own.push(stringsFor(option));
    if (types.includes('number') || types.includes('integer')) {
      own.push(fc.constantFrom(...boundaryNumbers(option)));
    }
    if (types.includes('array')) own.push(arraysFor(schema, option));
    if (types.includes('object')) own.push(objectsFor());
  }
  return own.length === 0
    ? anyHostile
    : fc.oneof({ arbitrary: fc.oneof(...own), weight: 3 }, { arbitrary: anyHostile, weight: 1 });
}

function arraysFor(schema: JsonSchemaDocument, node: JsonSchemaNode): fc.Arbitrary<unknown> {
  const counts = [0, 1, 5_000];
  if (node.minItems !== undefined && node.minItems > 0) counts.push(node.minItems - 1);
  if (node.maxItems !== undefined) counts.push(node.maxItems, node.maxItems + 1);
  const item = fittingValue(schema, schema.resolve(node.items), 2);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...counts), item).map(([n, v]) => Array.from({ length: n }, () => v)),
    fc.array(anyHostile, { maxLength: 4 }),
    item.map((v) => [v, v]),
  );
}

function objectsFor(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant({}),
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), anyHostile, { maxKeys: 4 }),
    fc.constant(Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, 'v']))),
  );
}

/** Identifiers the tenant seed creates, so that generated requests name rows that exist. */
const knownIds = ['o1', 'f1', 'd1', 'u1', 'g1', 'n1', 'l1', 'a1', 'x1', 'j1', 'r1', 'rec1', 'ep_1'];

/** A value that the node's JSON Schema accepts (refinements aside), small and close to real data. */
export function fittingValue(
  schema: JsonSchemaDocument,
  node: JsonSchemaNode,
  depth: number,
): fc.Arbitrary<unknown> {
  return remembered(fittingCache, node, depth, () => buildFitting(schema, node, depth));
}

function buildFitting(
  schema: JsonSchemaDocument,
  node: JsonSchemaNode,
  depth: number,
): fc.Arbitrary<unknown> {
  const options = optionsOf(schema, node);
  if (options.length > 1) return fc.oneof(...options.map((o) => fittingValue(schema, o, depth)));
  const n = options[0] ?? node;
  if (n.const !== undefined) return fc.constant(n.const);
  if (n.enum && n.enum.length > 0) return fc.constantFrom(...n.enum);
  const type = Array.isArray(n.type) ? n.type[0] : n.type;
  switch (type) {
    case 'string':
      return fittingString(n);
    case 'integer':
    case 'number': {
      const min = n.minimum ?? (n.exclusiveMinimum !== undefined ? n.exclusiveMinimum + 1 : 0);
      const max = Math.min(n.maximum ?? min + 1000, min + 1_000_000);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth <= 0) return fc.constant([]);
      const min = n.minItems ?? 0;
      return fc.array(fittingValue(schema, schema.resolve(n.items), depth - 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(n.maxItems ?? 3, 3)),
      });
    }
    case 'object':
      return fittingObject(schema, n, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function fittingString(n: JsonSchemaNode): fc.Arbitrary<unknown> {
  if (n.format === 'email') return fc.constantFrom('ada@example.com', 'b.c+d@example.org');
  if (n.format === 'uri') {
    return fc.constantFrom('https://hooks.example.com/in', 'http://localhost:9000/hook');
  }
  if (n.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  }
  const min = Math.max(n.minLength ?? 0, 0);
  const max = Math.max(min, Math.min(n.maxLength ?? 24, 24));
  const known = knownIds.filter((id) => id.length >= min && id.length <= max);
  const free = fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) });
  // A string with a pattern (an id, a name, a provider) fits it, or falls back to a known id, so
  // that most bodies still get past the contract to the rules behind it (no filter: a pattern
  // few random strings match would make fast-check search for long).
  const pattern = n.pattern === undefined ? undefined : new RegExp(n.pattern);
  const fallback = known[0] ?? 'x'.repeat(Math.max(min, 1));
  const fitting = pattern ? free.map((text) => (pattern.test(text) ? text : fallback)) : free;
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), fitting) : fitting;
}

function fittingObject(
  schema: JsonSchemaDocument,
  n: JsonSchemaNode,
  depth: number,
): fc.Arbitrary<unknown> {
  if (!n.properties) {
    if (depth <= 0 || typeof n.additionalProperties !== 'object') return fc.constant({});
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }),
      fittingValue(schema, schema.resolve(n.additionalProperties), depth - 1),
      { maxKeys: 3 },
    );
  }
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(n.properties)) {
    fields[key] = fittingValue(schema, schema.resolve(field), depth - 1);
  }
  return fc.record(fields, { requiredKeys: (n.required ?? []).filter((k) => k in fields) });
}
