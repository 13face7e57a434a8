import { describe, expect, it } from 'vitest';
import { legacySegment } from './key-segments';
import { keySegmentOf } from './key-path';
import { switchKeyHref } from './switch-key-href';

describe('switchKeyHref', () => {
  it('keeps the page and its search params', () => {
    expect(switchKeyHref('/keys/ak_1/config', '', 'ak_2')).toBe('/keys/ak_2/config');
    expect(switchKeyHref('/keys/ak_1/webhooks', '?q=pay&sort=-url', 'ak_2')).toBe(
      '/keys/ak_2/webhooks?q=pay&sort=-url',
    );
    expect(switchKeyHref('/keys/ak_1', '', 'ak_2')).toBe('/keys/ak_2');
  });

  it('leaves a thing of the old key for the area’s list', () => {
    expect(switchKeyHref('/keys/ak_1/webhooks/ep_9', '?message=m1', 'ak_2')).toBe(
      '/keys/ak_2/webhooks',
    );
  });

  it('lands on the key’s own page from anywhere else, and escapes the key', () => {
    expect(switchKeyHref('/', '', 'ak_2')).toBe('/keys/ak_2');
    expect(switchKeyHref('/keys/ak_1/config', '', 'a/b')).toBe('/keys/a%2Fb/config');
  });
});

describe('areas', () => {
  it('maps the old addresses onto the key pages', () => {
    expect(legacySegment('api-keys')).toBe('config');
    expect(legacySegment('webhooks')).toBe('webhooks');
    expect(legacySegment('permission-provider')).toBe('permission-provider');
    expect(legacySegment('decision-suggestions')).toBe('memory');
    expect(legacySegment('organizations')).toBe('organizations');
    expect(legacySegment('nothing')).toBeUndefined();
  });
});

describe('keySegmentOf', () => {
  it('names the area of a key page, and nothing else', () => {
    expect(keySegmentOf('/keys/ak_1/webhooks/ep_1')).toBe('webhooks');
    expect(keySegmentOf('/keys/ak_1/config')).toBe('config');
    expect(keySegmentOf('/keys/ak_1')).toBeUndefined();
    expect(keySegmentOf('/keys/ak_1/elsewhere')).toBeUndefined();
  });
});
