import { type JsonSchemaNode, alternativesOf, objectOf } from '#contract/json-schema';

/** One field of a request or answer, as the reference lists it. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  rules: string[];
  description?: string;
}

const quote = (value: unknown) => JSON.stringify(value);

/** A short type name: `string`, `integer[]`, `"a" | "b"`, `object`, `Folder`. */
export function typeName(schema: JsonSchemaNode | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').at(-1) ?? 'object';
  if (schema.const !== undefined) return quote(schema.const);
  if (schema.enum) return schema.enum.map(quote).join(' | ');
  const options = alternativesOf(schema);
  if (options) return [...new Set(options.map(typeName))].join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') {
    const item = typeName(schema.items);
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (schema.type === 'object' && !schema.properties && schema.additionalProperties) {
    const value =
      typeof schema.additionalProperties === 'object'
        ? typeName(schema.additionalProperties)
        : 'any';
    return `map of ${value}`;
  }
  return schema.type ?? 'any';
}

/** The rules of a field in words: lengths, bounds, item counts, patterns, formats. */
export function rulesOf(schema: JsonSchemaNode): string[] {
  const rules: string[] = [];
  const range = (what: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined && max !== undefined) rules.push(`${what} ${min}–${max}`);
    else if (min !== undefined) rules.push(`${what} ≥ ${min}`);
    else if (max !== undefined) rules.push(`${what} ≤ ${max}`);
  };
  range('length', schema.minLength, schema.maxLength);
  // z.int() bounds every integer by the safe range, which says nothing to a reader.
  const bound = (value: number | undefined) =>
    value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;
  range('value', bound(schema.minimum), bound(schema.maximum));
  if (schema.exclusiveMinimum !== undefined) rules.push(`value > ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) rules.push(`value < ${schema.exclusiveMaximum}`);
  range('items', schema.minItems, schema.maxItems);
  if (schema.format) rules.push(`format ${schema.format}`);
  if (schema.pattern) rules.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) rules.push(`default ${quote(schema.default)}`);
  if (schema.type === 'array' && schema.items) {
    const inner = rulesOf(schema.items);
    if (inner.length > 0) rules.push(`each: ${inner.join(', ')}`);
  }
  for (const option of alternativesOf(schema) ?? []) {
    for (const rule of rulesOf(option)) if (!rules.includes(rule)) rules.push(rule);
  }
  return rules;
}

/**
 * The fields of an object schema, nested objects (and arrays of objects) flattened with dotted
 * names (`folders[].folderId`) down to `depth` levels.
 */
export function fieldRows(schema: JsonSchemaNode, depth = 3, prefix = ''): FieldRow[] {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, field] of Object.entries(object.properties)) {
    const fullName = `${prefix}${name}`;
    // A list says what its items are when it says nothing itself (a list of ids: the id rule).
    const description = field.description ?? field.items?.description;
    rows.push({
      name: fullName,
      type: typeName(field),
      required: required.has(name),
      rules: rulesOf(field),
      ...(description ? { description } : {}),
    });
    if (depth > 1) {
      const nested = field.type === 'array' && field.items ? field.items : field;
      const suffix = field.type === 'array' ? '[].' : '.';
      rows.push(...fieldRows(nested, depth - 1, `${fullName}${suffix}`));
    }
  }
  return rows;
}

/**
 * A schema as an indented, TypeScript-like outline (`{ id: string; tags?: string[] }`), for an
 * answer's shape; deeper levels than `depth` are written `…`.
 */
export function shapeText(schema: JsonSchemaNode | undefined, depth = 5, indent = ''): string {
  if (!schema) return 'any';
  const object = objectOf(schema);
  if (object?.properties && schema.type !== 'array') {
    if (depth === 0) return '{ … }';
    const required = new Set(object.required ?? []);
    const inner = `${indent}  `;
    const lines = Object.entries(object.properties).map(
      ([name, field]) =>
        `${inner}${name}${required.has(name) ? '' : '?'}: ${shapeText(field, depth - 1, inner)};`,
    );
    const nullable = alternativesOf(schema)?.some((option) => option.type === 'null');
    return `{\n${lines.join('\n')}\n${indent}}${nullable ? ' | null' : ''}`;
  }
  if (schema.type === 'array' && schema.items && objectOf(schema.items)) {
    return `${shapeText(schema.items, depth, indent)}[]`;
  }
  return typeName(schema);
}
