import { describe, expect, it } from 'vitest';
import { missingVariables, renderTemplate, templateText, valueText } from './message-template';

describe('renderTemplate', () => {
  it('fills double-brace variables, as activity logs write them', () => {
    expect(
      templateText('{{actionUser}} marked {{document}} as {{ status }}', {
        actionUser: { userId: 'u1', name: 'Ada' },
        document: 'Plan',
        status: 'approved',
      }),
    ).toBe('Ada marked Plan as approved');
  });

  it('fills single-brace variables, as notification headlines write them', () => {
    expect(
      templateText('{actionUser} shared {documentName} with you', {
        actionUser: { userId: 'u1' },
        documentName: 'Budget',
      }),
    ).toBe('u1 shared Budget with you');
  });

  it('keeps a variable without a value as written, and names it', () => {
    const parts = renderTemplate('{{a}} and {b} and {{a}}', { b: 2 });
    expect(parts.map((p) => p.text).join('')).toBe('{{a}} and 2 and {{a}}');
    expect(parts.filter((p) => p.kind === 'missing')).toHaveLength(2);
    expect(missingVariables(parts)).toEqual(['a']);
  });

  it('cuts the template into text and values', () => {
    expect(renderTemplate('Hi {{who}}!', { who: 'Bo' })).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'value', text: 'Bo', name: 'who' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves markup as text: nothing is interpreted', () => {
    expect(templateText('<b>{x}</b>', { x: '<img src=x onerror=alert(1)>' })).toBe(
      '<b><img src=x onerror=alert(1)></b>',
    );
  });

  it('does not read inherited properties as values', () => {
    expect(templateText('{{toString}}', {})).toBe('{{toString}}');
  });

  it('handles no data and no variables', () => {
    expect(templateText('{{x}}', null)).toBe('{{x}}');
    expect(renderTemplate('', {})).toEqual([]);
    expect(templateText('plain { text }}', {})).toBe('plain { text }}');
  });
});

describe('valueText', () => {
  it('writes each kind of value as text', () => {
    expect(valueText('a')).toBe('a');
    expect(valueText(3)).toBe('3');
    expect(valueText(false)).toBe('false');
    expect(valueText(null)).toBeUndefined();
    expect(valueText({ userId: 'u', email: 'e@x.io' })).toBe('u');
    expect(valueText({ email: 'e@x.io' })).toBe('e@x.io');
    expect(valueText([1, 2])).toBe('[1,2]');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});
