import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints';
import { adminCases } from './testing/admin-cases';
import { dataCases } from './testing/data-cases';
import type { RequestCases } from './testing/request-cases';

/** Every endpoint has an entry; the last test fails when a new endpoint is added without one. */
const cases: Record<string, RequestCases> = { ...adminCases, ...dataCases };

describe('request schemas', () => {
  for (const e of allEndpoints) {
    describe(e.name, () => {
      const c = cases[e.name];
      it('accepts valid data', () => {
        expect(c?.valid.length).toBeGreaterThan(0);
        for (const input of c?.valid ?? []) {
          const result = e.request.safeParse(input);
          expect(result.error?.issues, JSON.stringify(input)).toBeUndefined();
        }
      });
      it('rejects invalid data', () => {
        expect(c?.invalid.length).toBeGreaterThan(0);
        for (const input of c?.invalid ?? []) {
          expect(e.request.safeParse(input).success, JSON.stringify(input)).toBe(false);
        }
      });
    });
  }

  it('has cases for every endpoint, and only for endpoints', () => {
    expect(Object.keys(adminCases).filter((n) => n in dataCases)).toEqual([]);
    const names = allEndpoints.map((e) => e.name);
    expect(names.filter((n) => !(n in cases))).toEqual([]);
    expect(Object.keys(cases).filter((n) => !names.includes(n))).toEqual([]);
  });
});
