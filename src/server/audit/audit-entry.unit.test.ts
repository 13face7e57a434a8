import { describe, expect, it } from 'vitest';
import { AUDIT_BOUNDS, boundedRecord, changedFields } from './audit-entry';

describe('changedFields', () => {
  const settings = {
    requireJwtToken: false,
    defaultDocumentAccessType: 'public',
    aiModelsConfig: { openai: { displayText: 'sk-…abcd' } },
    permissionProviderToken: '',
  };

  it('lists the fields whose values differ, as { from, to }', () => {
    const after = { ...settings, requireJwtToken: true, defaultDocumentAccessType: 'restricted' };
    expect(changedFields(settings, after)).toEqual({
      requireJwtToken: { from: false, to: true },
      defaultDocumentAccessType: { from: 'public', to: 'restricted' },
    });
  });

  it('compares objects by their JSON, not their identity', () => {
    const copy = { ...settings, aiModelsConfig: { openai: { displayText: 'sk-…abcd' } } };
    expect(changedFields(settings, copy)).toEqual({});
    const other = { ...settings, aiModelsConfig: { openai: { displayText: 'sk-…wxyz' } } };
    expect(changedFields(settings, other)).toEqual({
      aiModelsConfig: {
        from: { openai: { displayText: 'sk-…abcd' } },
        to: { openai: { displayText: 'sk-…wxyz' } },
      },
    });
  });

  it('counts a field only one side has, and null against absent, as changed', () => {
    expect(changedFields({ a: 1 }, { a: 1, b: 2 })).toEqual({ b: { from: null, to: 2 } });
    expect(changedFields({ a: null }, {})).toEqual({ a: { from: null, to: null } });
    expect(changedFields({ a: undefined }, {})).toEqual({});
  });
});

describe('boundedRecord', () => {
  it('keeps a small record and cuts a large one to the bound', () => {
    const small = { a: 1, b: 2 };
    expect(boundedRecord(small)).toEqual(small);
    const large = Object.fromEntries(
      Array.from({ length: AUDIT_BOUNDS.keys + 5 }, (_, i) => [`k${i}`, i]),
    );
    expect(Object.keys(boundedRecord(large))).toHaveLength(AUDIT_BOUNDS.keys);
  });
});
