import { z } from 'zod';

/** A JSON Schema node as z.toJSONSchema writes one; only the keywords the fuzzer reads. */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  prefixItems?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: SchemaNode | boolean;
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
}

/** A request schema in JSON Schema form, with its references resolved on demand. */
export interface RequestSchema {
  root: SchemaNode;
  /** The node itself, or what its `$ref` names; an `allOf` of one object is taken as that object. */
  resolve(node: SchemaNode | undefined): SchemaNode;
}

const anything: SchemaNode = {};

/**
 * The JSON Schema of what a request schema accepts as input. Refinements and transforms have no
 * JSON Schema form and are left out ('any'): the fuzzer reaches them by mutating valid samples.
 */
export function requestSchemaOf(schema: z.ZodType): RequestSchema {
  const root = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as SchemaNode;
  const defs = root.$defs ?? {};
  const resolve = (node: SchemaNode | undefined, seen = 0): SchemaNode => {
    if (!node) return anything;
    if (node.$ref !== undefined && seen < 8) {
      const target = node.$ref === '#' ? root : defs[node.$ref.replace('#/$defs/', '')];
      return resolve(target, seen + 1);
    }
    if (node.allOf?.length === 1) return resolve(node.allOf[0], seen + 1);
    return node;
  };
  return { root, resolve };
}

/** The options of a union, each resolved; a node that is no union is its own only option. */
export function optionsOf(schema: RequestSchema, node: SchemaNode): SchemaNode[] {
  const n = schema.resolve(node);
  const options = n.anyOf ?? n.oneOf;
  if (!options) return [n];
  return options.flatMap((o) => optionsOf(schema, o));
}

/** The JSON type a value has, in JSON Schema's words. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typesOf(node: SchemaNode): string[] {
  if (node.type === undefined) return [];
  return Array.isArray(node.type) ? node.type : [node.type];
}

/** The union option that describes a value best: same JSON type, else the first that is not null. */
export function optionFor(schema: RequestSchema, node: SchemaNode, value: unknown): SchemaNode {
  const options = optionsOf(schema, node);
  const type = jsonTypeOf(value);
  const sameType = options.find((o) => {
    const types = typesOf(o);
    return types.includes(type) || (type === 'integer' && types.includes('number'));
  });
  return sameType ?? options.find((o) => !typesOf(o).includes('null')) ?? options[0] ?? anything;
}

/** The schema of what sits under `key` of a value the node describes. */
export function childNode(
  schema: RequestSchema,
  node: SchemaNode,
  parent: unknown,
  key: string | number,
): SchemaNode {
  const n = optionFor(schema, node, parent);
  if (typeof key === 'number') {
    return schema.resolve(n.prefixItems?.[key] ?? n.items);
  }
  const property = n.properties?.[key];
  if (property) return schema.resolve(property);
  return typeof n.additionalProperties === 'object'
    ? schema.resolve(n.additionalProperties)
    : anything;
}

export type JsonPath = readonly (string | number)[];

/** The node under a path of a value, walking the value beside the schema. */
export function nodeAt(schema: RequestSchema, value: unknown, path: JsonPath): SchemaNode {
  let node = schema.resolve(schema.root);
  let current = value;
  for (const key of path) {
    node = childNode(schema, node, current, key);
    current =
      typeof current === 'object' && current !== null
        ? (current as Record<string | number, unknown>)[key]
        : undefined;
  }
  return node;
}
