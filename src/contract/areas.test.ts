import { describe, expect, it } from 'vitest';
import { areas, keyPages, workspacePages } from './areas';
import { allEndpoints, endpointsOf } from './endpoints';

describe('the area registry', () => {
  it('gives every area its endpoints, each of which names that area', () => {
    for (const area of areas) {
      expect(endpointsOf(area).length, `endpoints of ${area}`).toBeGreaterThan(0);
      for (const e of endpointsOf(area)) expect(e.area, e.path).toBe(area);
    }
    expect(allEndpoints).toEqual(areas.flatMap(endpointsOf));
  });

  it('gives every area a console page, of a key or of the workspace, each once', () => {
    const pages = [...keyPages, ...workspacePages];
    for (const area of areas) {
      expect(pages.filter((page) => page.area === area).length, area).toBeGreaterThan(0);
    }
    const addresses = [
      ...keyPages.map((page) => `/keys/$apiKeyId/${page.segment}`),
      ...workspacePages.map((page) => page.path),
    ];
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});
