import { describe, expect, it } from 'vitest';
import { allEndpoints } from '#contract/endpoints';
import { matchingEndpoints } from './matching-endpoints';

const names = (groups: ReturnType<typeof matchingEndpoints>) =>
  groups.flatMap((group) => group.endpoints.map((endpoint) => endpoint.name));

describe('matchingEndpoints', () => {
  it('groups every endpoint by area when nothing is asked', () => {
    const groups = matchingEndpoints(allEndpoints, undefined, undefined);
    expect(names(groups)).toHaveLength(allEndpoints.length);
    expect(new Set(groups.map((group) => group.area)).size).toBe(groups.length);
  });

  it('keeps the endpoints whose name, path or area holds every word', () => {
    expect(names(matchingEndpoints(allEndpoints, 'folders v1', undefined))).toEqual([
      'Get Folders (v1)',
    ]);
    expect(names(matchingEndpoints(allEndpoints, 'FOLDERS', 'folders'))).toContain('Add Folder');
    expect(matchingEndpoints(allEndpoints, 'no such endpoint', undefined)).toEqual([]);
  });
});
