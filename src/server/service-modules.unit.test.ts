import { expect, it } from 'vitest';
import { areas } from '#contract/areas';
import { serviceModules } from './service-modules';

it('gives every area of the registry its server module, and no module to anything else', () => {
  for (const area of areas) {
    expect(typeof serviceModules[area]?.routes, `the module of ${area}`).toBe('function');
  }
  expect(Object.keys(serviceModules).sort()).toEqual([...areas].sort());
});
