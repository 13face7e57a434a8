import fc from 'fast-check';
import type { AnyEndpoint } from '#contract/endpoint';
import { anyHostile, fittingValue, hostileFor, nested, withOwnKey } from './hostile-values';
import { type JsonPath, type JsonSchemaDocument, nodeAt, optionFor } from '#contract/json-schema';
import { requestSchemaOf } from './schema-nodes';

/** One generated request: how it was made (for the report of a failure) and the whole body. */
export interface FuzzBody {
  how: string;
  body: unknown;
}

type Container = Record<string | number, unknown>;

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** Every path inside a value, the value itself first; at most `limit`, breadth first. */
export function pathsOf(value: unknown, limit = 200): JsonPath[] {
  const out: JsonPath[] = [];
  const queue: [JsonPath, unknown][] = [[[], value]];
  while (queue.length > 0 && out.length < limit) {
    const [path, v] = queue.shift() as [JsonPath, unknown];
    out.push(path);
    if (Array.isArray(v)) v.slice(0, 20).forEach((item, i) => queue.push([[...path, i], item]));
    else if (isContainer(v))
      for (const [k, item] of Object.entries(v)) queue.push([[...path, k], item]);
  }
  return out;
}

/** A copy of the value with what sits at `path` replaced (or removed, when `remove`). */
export function changedAt(value: unknown, path: JsonPath, next: unknown, remove = false): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path as [string | number, ...JsonPath];
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    if (rest.length === 0 && remove) copy.splice(Number(key), 1);
    else copy[Number(key)] = changedAt(copy[Number(key)], rest, next, remove);
    return copy;
  }
  if (!isContainer(value)) return value;
  if (rest.length === 0 && remove) {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== String(key)));
  }
  return { ...value, [key]: changedAt(value[key], rest, next, remove) };
}

const extraKeys = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' '),
  fc.constantFrom('\u0000', 'a\ud800', 'dryRun', 'apiKey', 'secret', 'k'.repeat(300)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }),
);

const label = (path: JsonPath) =>
  path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : `${acc}.${k}`), 'data');

/** Pick one of the value's paths with a fast-check index, so that shrinking moves to the root. */
function somePath(
  value: unknown,
  accept: (p: JsonPath, v: unknown) => boolean,
): fc.Arbitrary<JsonPath> {
  const paths = pathsOf(value).filter((p) => accept(p, valueAt(value, p)));
  if (paths.length === 0) return fc.constant([]);
  return fc.nat({ max: paths.length - 1 }).map((i) => paths[i] ?? []);
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let v = value;
  for (const k of path) v = isContainer(v) ? v[k] : undefined;
  return v;
}

/** The mutations of one valid `data` value, each aimed at the schema node it touches. */
function mutations(schema: JsonSchemaDocument, base: unknown): fc.Arbitrary<FuzzBody> {
  const wrap = (how: string, data: unknown): FuzzBody => ({ how, body: { data } });
  const replace = somePath(base, () => true).chain((path) =>
    hostileFor(schema, nodeAt(schema, base, path)).map((v) =>
      wrap(`replace ${label(path)}`, changedAt(base, path, v)),
    ),
  );
  const drop = somePath(base, (p) => p.length > 0).map((path) =>
    wrap(
      `remove ${label(path)}`,
      path.length === 0 ? base : changedAt(base, path, undefined, true),
    ),
  );
  const objects = (_p: JsonPath, v: unknown) => isContainer(v) && !Array.isArray(v);
  const extra = somePath(base, objects).chain((path) =>
    fc.tuple(extraKeys, anyHostile).map(([key, v]) => {
      const at = valueAt(base, path);
      const changed = withOwnKey(key, v, isContainer(at) ? at : {});
      return wrap(`add ${JSON.stringify(key)} to ${label(path)}`, changedAt(base, path, changed));
    }),
  );
  // Fields the schema allows but the base leaves out, so that optional rules are reached too.
  const optional = somePath(base, objects).chain((path) => {
    const node = optionFor(schema, nodeAt(schema, base, path), valueAt(base, path));
    const absent = Object.keys(node.properties ?? {}).filter(
      (k) => !Object.hasOwn(valueAt(base, path) as object, k),
    );
    if (absent.length === 0) return replace;
    return fc.constantFrom(...absent).chain((key) => {
      const fieldPath = [...path, key];
      const field = nodeAt(schema, base, fieldPath);
      return fc
        .oneof(hostileFor(schema, field), fittingValue(schema, field, 2))
        .map((v) => wrap(`set ${label(fieldPath)}`, changedAt(base, fieldPath, v)));
    });
  });
  const deep = somePath(base, () => true).chain((path) =>
    fc
      .tuple(fc.constantFrom(31, 33, 200), fc.constantFrom('array' as const, 'object' as const))
      .map(([d, kind]) =>
        wrap(`nest ${label(path)} ${d} deep`, changedAt(base, path, nested(d, kind))),
      ),
  );
  return fc.oneof(
    { arbitrary: replace, weight: 6 },
    { arbitrary: drop, weight: 2 },
    { arbitrary: extra, weight: 2 },
    { arbitrary: optional, weight: 3 },
    { arbitrary: deep, weight: 1 },
  );
}

/** Bodies whose wrapper itself is wrong: no object, no `data`, `data` of another type, extras. */
const envelopes: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc
    .constantFrom<unknown>(null, [], 'data', 0, true)
    .map((body) => ({ how: 'body not an object', body })),
  anyHostile.map((data) => ({ how: 'data of another type', body: { data } })),
  fc.tuple(extraKeys, anyHostile).map(([key, v]) => ({
    how: `body field ${JSON.stringify(key)}`,
    body: withOwnKey(key, v, { data: {} }),
  })),
);

/**
 * Hostile request bodies for one endpoint, derived from its contract schema: mutations of the
 * valid samples and of generated valid values (so that most get past the first check and reach
 * the module's rules), generated values left as they are, and wrong wrappers.
 */
export function hostileBodies(e: AnyEndpoint, samples: readonly unknown[]): fc.Arbitrary<FuzzBody> {
  const schema = requestSchemaOf(e.request);
  const generated = fittingValue(schema, schema.resolve(schema.root), 4);
  const bases = samples.length > 0 ? fc.oneof(fc.constantFrom(...samples), generated) : generated;
  return fc.oneof(
    { arbitrary: bases.chain((base) => mutations(schema, base ?? {})), weight: 8 },
    { arbitrary: generated.map((data) => ({ how: 'generated', body: { data } })), weight: 2 },
    { arbitrary: envelopes, weight: 1 },
  );
}
