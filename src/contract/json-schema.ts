/**
 * A JSON Schema node as z.toJSONSchema writes one for the contract's schemas: only the keywords
 * that the reference page (`console/features/reference`) and the request fuzzer
 * (`server/testing`) read.
 */
export interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
  prefixItems?: JsonSchemaNode[];
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
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
  default?: unknown;
  description?: string;
  additionalProperties?: JsonSchemaNode | boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchemaNode>;
}

/** A whole JSON Schema, with its references resolved on demand. */
export interface JsonSchemaDocument {
  root: JsonSchemaNode;
  /** The node itself, or what its `$ref` names; an `allOf` of one object is taken as that object. */
  resolve(node: JsonSchemaNode | undefined): JsonSchemaNode;
}

const anything: JsonSchemaNode = {};

export function jsonSchemaDocument(root: JsonSchemaNode): JsonSchemaDocument {
  const defs = root.$defs ?? {};
  const resolve = (node: JsonSchemaNode | undefined, seen = 0): JsonSchemaNode => {
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

/** The options of a union node (`anyOf`, or `oneOf`), as written; undefined for no union. */
export function alternativesOf(node: JsonSchemaNode): JsonSchemaNode[] | undefined {
  return node.anyOf ?? node.oneOf;
}

/** The options of a union, each resolved and nested unions flattened; a node that is no union is its own only option. */
export function optionsOf(schema: JsonSchemaDocument, node: JsonSchemaNode): JsonSchemaNode[] {
  const n = schema.resolve(node);
  const options = alternativesOf(n);
  if (!options) return [n];
  return options.flatMap((o) => optionsOf(schema, o));
}

/** The object a node describes, through `allOf` and union options (a nullable object, say). */
export function objectOf(node: JsonSchemaNode): JsonSchemaNode | undefined {
  if (node.properties) return node;
  for (const part of node.allOf ?? alternativesOf(node) ?? []) {
    const found = objectOf(part);
    if (found) return found;
  }
  return undefined;
}

/** The JSON type a value has, in JSON Schema's words. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The node's `type` as a list (none when it has no `type`). */
export function typesOf(node: JsonSchemaNode): string[] {
  if (node.type === undefined) return [];
  return Array.isArray(node.type) ? node.type : [node.type];
}

/** The union option that describes a value best: same JSON type, else the first that is not null. */
export function optionFor(
  schema: JsonSchemaDocument,
  node: JsonSchemaNode,
  value: unknown,
): JsonSchemaNode {
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
  schema: JsonSchemaDocument,
  node: JsonSchemaNode,
  parent: unknown,
  key: string | number,
): JsonSchemaNode {
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
export function nodeAt(schema: JsonSchemaDocument, value: unknown, path: JsonPath): JsonSchemaNode {
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
