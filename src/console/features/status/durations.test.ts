import { expect, it } from 'vitest';
import { shortDuration } from './durations';

it('says a wait in the two largest units it has', () => {
  expect(
    [0, 0.9, 42, 60, 185, 3_600, 7_800, 86_400, 273_600, -3].map((s) => shortDuration(s)),
  ).toEqual([
    '0 s',
    '0 s',
    '42 s',
    '1 min',
    '3 min 5 s',
    '1 h',
    '2 h 10 min',
    '1 d',
    '3 d 4 h',
    '0 s',
  ]);
});
