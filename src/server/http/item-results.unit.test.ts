import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { failed, resultMap, splitValidItems, succeeded } from './item-results';

describe('resultMap', () => {
  it('keys each outcome by the item id, in request order', () => {
    const items = [{ key: 'b' }, { key: 'a' }];
    const map = resultMap(
      items,
      (i) => i.key,
      (_i, id) =>
        id === 'a'
          ? failed(id, 'Organization does not exist')
          : succeeded(id, 'Deleted Successfully'),
    );
    expect(Object.keys(map)).toEqual(['b', 'a']);
    expect(map).toEqual({
      b: { success: true, id: 'b', message: 'Deleted Successfully' },
      a: { success: false, id: 'a', message: 'Organization does not exist' },
    });
  });
});

describe('splitValidItems', () => {
  const user = z.object({
    userId: z.string().min(1, 'must not be empty'),
    email: z.email({ error: 'must be a valid e-mail address' }),
  });

  it('parses the valid items and reports the others per item, naming the field', () => {
    const raw = [
      { userId: 'u1', email: 'a@example.com' },
      { userId: 'u2', email: 'not an address' },
      { userId: '', email: 'c@example.com' },
    ];
    const idOf = (r: unknown, i: number) => {
      const id = (r as { userId?: unknown }).userId;
      return typeof id === 'string' && id !== '' ? id : `#${i}`;
    };
    const { valid, invalid } = splitValidItems('users', raw, user, idOf);
    expect(valid).toEqual([{ id: 'u1', item: { userId: 'u1', email: 'a@example.com' } }]);
    expect(invalid).toEqual({
      u2: {
        success: false,
        id: 'u2',
        message: 'data.users[1].email must be a valid e-mail address',
      },
      '#2': { success: false, id: '#2', message: 'data.users[2].userId must not be empty' },
    });
  });
});
