import type { JsonSchemaNode } from '#contract/json-schema';
import { rulesOf, typeName } from './schema-summary';

export type TryKind = 'text' | 'number' | 'boolean' | 'choice' | 'json';

/** One top-level field of a request, with the input that "Try it" gives it. */
export interface TryField {
  name: string;
  kind: TryKind;
  required: boolean;
  /** The values of a choice. */
  choices: string[];
  hint: string;
}

function kindOf(schema: JsonSchemaNode): { kind: TryKind; choices: string[] } {
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values?.every((value) => typeof value === 'string')) {
    return { kind: 'choice', choices: values };
  }
  if (schema.type === 'string') return { kind: 'text', choices: [] };
  if (schema.type === 'number' || schema.type === 'integer') return { kind: 'number', choices: [] };
  if (schema.type === 'boolean') return { kind: 'boolean', choices: [] };
  return { kind: 'json', choices: [] };
}

/** The inputs of a request form: a control per field, JSON for lists, objects and unions. */
export function tryFields(request: JsonSchemaNode): TryField[] {
  const required = new Set(request.required ?? []);
  return Object.entries(request.properties ?? {}).map(([name, schema]) => {
    const { kind, choices } = kindOf(schema);
    const rules = rulesOf(schema);
    return {
      name,
      kind,
      required: required.has(name),
      choices,
      hint: [typeName(schema), ...rules].join(' · '),
    };
  });
}

/**
 * The request's `data` from the form's text values: an empty value leaves its field out, numbers
 * and booleans are read as such, JSON is parsed; what cannot be read is a problem of its field.
 * The contract's schema then judges the rest.
 */
export function requestData(
  fields: readonly TryField[],
  values: Readonly<Record<string, string>>,
): { data: Record<string, unknown>; problems: Record<string, string> } {
  const data: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name]?.trim() ?? '';
    if (raw === '') continue;
    switch (field.kind) {
      case 'text':
      case 'choice':
        data[field.name] = raw;
        break;
      case 'boolean':
        data[field.name] = raw === 'true';
        break;
      case 'number': {
        const number = Number(raw);
        if (Number.isFinite(number)) data[field.name] = number;
        else problems[field.name] = 'must be a number';
        break;
      }
      case 'json':
        try {
          data[field.name] = JSON.parse(raw) as unknown;
        } catch {
          problems[field.name] = 'must be JSON (a list in [ ], an object in { }, a quoted string)';
        }
        break;
    }
  }
  return { data, problems };
}
