import { z } from 'zod';
import type { EventField } from './event-types';
import type { JsonSchemaNode } from './json-schema';

function typeOf(node: JsonSchemaNode): string {
  if (node.anyOf) return [...new Set(node.anyOf.map(typeOf))].join('|');
  if (Array.isArray(node.type)) return node.type.join('|');
  return node.type ?? 'any';
}

function walk(node: JsonSchemaNode, path: string, out: EventField[]): void {
  if (node.type === 'array' && node.items) {
    walk(node.items, `${path}[]`, out);
    return;
  }
  const properties = node.type === 'object' ? node.properties : undefined;
  for (const [name, child] of Object.entries(properties ?? {})) {
    const childPath = path === '' ? name : `${path}.${name}`;
    out.push({
      path: childPath,
      type: typeOf(child),
      required: node.required?.includes(name) ?? false,
      description: child.description ?? null,
    });
    walk(child, childPath, out);
  }
}

/**
 * The fields of an event's `data`, read from its schema: every property at any depth, parents
 * before their children, an array's items under `name[]`. A map (a record) is one field.
 */
export function eventFields(schema: z.ZodType): EventField[] {
  const root = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchemaNode;
  const out: EventField[] = [];
  walk(root, '', out);
  return out;
}
