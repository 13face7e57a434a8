import { describe, expect, it } from 'vitest';
import { isConfirmed } from './confirm-dialog';

describe('isConfirmed', () => {
  it('needs nothing typed when no confirmation text is asked for', () => {
    expect(isConfirmed('', undefined)).toBe(true);
  });

  it('needs exactly the asked text, spaces around it aside', () => {
    expect(isConfirmed('', 'delete')).toBe(false);
    expect(isConfirmed('delet', 'delete')).toBe(false);
    expect(isConfirmed('DELETE', 'delete')).toBe(false);
    expect(isConfirmed(' delete ', 'delete')).toBe(true);
  });
});
