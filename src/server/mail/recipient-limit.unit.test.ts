import { describe, expect, it } from 'vitest';
import { inboxOf } from './recipient-limit';

describe('inboxOf', () => {
  it.each([
    ['Ann@Example.com', 'ann@example.com'],
    [' ann@example.com ', 'ann@example.com'],
    ['ann+news@example.com', 'ann@example.com'],
    ['ANN+a+b@EXAMPLE.COM', 'ann@example.com'],
    ['ann@example.com.', 'ann@example.com'],
    ['a.n.n@example.com', 'a.n.n@example.com'],
    ['A.n.N+x@GMail.com', 'ann@gmail.com'],
    ['ann@googlemail.com', 'ann@gmail.com'],
    ['ann@bücher.example', 'ann@xn--bcher-kva.example'],
    ['ann@XN--BCHER-KVA.example', 'ann@xn--bcher-kva.example'],
    // A leading plus is the whole local part, not a tag.
    ['+ann@example.com', '+ann@example.com'],
  ])('counts %s as the inbox %s', (address, inbox) => {
    expect(inboxOf(address)).toBe(inbox);
  });
});
