/**
 * The message templates of notifications (`{actionUser} shared {documentName}`) and activity logs
 * (`{{actionUser}} marked {{document}}`) filled with their data. Pure and text only: the result is
 * plain strings that React escapes, never markup, so data from the service cannot inject HTML.
 */

/** One piece of a filled template: literal text, a filled variable, or one with no value. */
export interface TemplatePart {
  kind: 'text' | 'value' | 'missing';
  text: string;
  /** The variable's name, for `value` and `missing`. */
  name?: string;
}

// `{{name}}` first, so that the double form is not read as a single one inside braces.
const placeholder = /\{\{\s*([\w.-]+)\s*\}\}|\{\s*([\w.-]+)\s*\}/g;

/**
 * A variable's value as text: strings as they are, numbers and booleans written out, a user by
 * name (or ID, or e-mail), anything else as JSON; undefined when there is no value to show.
 */
export function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && !Array.isArray(value)) {
    const person = value as { name?: unknown; userId?: unknown; email?: unknown };
    for (const field of [person.name, person.userId, person.email]) {
      if (typeof field === 'string' && field.trim() !== '') return field;
    }
  }
  return JSON.stringify(value);
}

/** The template cut into text and variables, each variable filled from `data` when it has a value. */
export function renderTemplate(
  template: string,
  data: Readonly<Record<string, unknown>> | null | undefined,
): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of template.matchAll(placeholder)) {
    const name = match[1] ?? match[2] ?? '';
    if (match.index > last) parts.push({ kind: 'text', text: template.slice(last, match.index) });
    const text = data && Object.hasOwn(data, name) ? valueText(data[name]) : undefined;
    parts.push(
      text === undefined
        ? { kind: 'missing', text: match[0], name }
        : { kind: 'value', text, name },
    );
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push({ kind: 'text', text: template.slice(last) });
  return parts;
}

/** The filled template as one line of text (variables without a value stay as written). */
export function templateText(
  template: string,
  data: Readonly<Record<string, unknown>> | null | undefined,
): string {
  return renderTemplate(template, data)
    .map((part) => part.text)
    .join('');
}

/** The names of the variables a template has no value for, each once. */
export function missingVariables(parts: readonly TemplatePart[]): string[] {
  return [
    ...new Set(parts.flatMap((part) => (part.kind === 'missing' && part.name ? [part.name] : []))),
  ];
}
