/** `data` inputs that one endpoint's request schema must accept and must refuse. */
export interface RequestCases {
  valid: unknown[];
  invalid: unknown[];
}

export const sampleUser = { userId: 'u1', name: 'Ada', email: 'ada@example.com' };

export const manyIds = (n: number): string[] => Array.from({ length: n }, (_, i) => `id${i}`);
