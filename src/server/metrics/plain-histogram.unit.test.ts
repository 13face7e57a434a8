import { Histogram, Registry } from 'prom-client';
import { expect, it } from 'vitest';
import { PlainHistogram } from './plain-histogram';

it('renders what prom-client’s own histogram renders for the same observations', async () => {
  const bounds = [0.001, 0.01, 0.1, 1];
  const plainRegistry = new Registry();
  const ownRegistry = new Registry();
  const plain = new PlainHistogram(plainRegistry, 'x_seconds', 'Time of x.', bounds);
  const own = new Histogram({
    name: 'x_seconds',
    help: 'Time of x.',
    buckets: bounds,
    registers: [ownRegistry],
  });
  expect(await plainRegistry.metrics()).toBe(await ownRegistry.metrics());
  for (const value of [0.0005, 0.001, 0.002, 0.05, 0.5, 3, 0.0001]) {
    plain.observe(value);
    own.observe(value);
  }
  expect(await plainRegistry.metrics()).toBe(await ownRegistry.metrics());
});
