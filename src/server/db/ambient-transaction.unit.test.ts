import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { gate } from '../testing/gate';
import { ambientDb, inAmbientTransaction, outsideAmbientTransaction } from './ambient-transaction';
import type { Db } from './db';
import type { WriteTransactions } from './pipelined-transaction';
import type { Tx } from './transaction';

// Which transaction a module's statement would run in, seen through `ambientDb`: the database's
// and each transaction's `name`. The real databases' side is ambient-transaction.test.ts.
const named = (name: string) => ({ name }) as unknown as Db & Tx;
const view = ambientDb(named('database'));
const where = () => (view as unknown as { name: string }).name;

/** Transactions that hand `work` a transaction of that name, as the database's would. */
const transactionsNamed =
  (name: string): WriteTransactions =>
  (work) =>
    work(named(name), (statement) => statement());

describe('the ambient transaction', () => {
  it('stays a write’s own while another write ends beside it', async () => {
    const seen: string[] = [];
    const secondEnded = gate();
    const first = inAmbientTransaction(transactionsNamed('first'), async () => {
      seen.push(where());
      await secondEnded.opened;
      seen.push(where());
      await tick();
      seen.push(where());
    });
    await inAmbientTransaction(transactionsNamed('second'), async () => {
      await tick();
      seen.push(where());
    });
    secondEnded.open();
    await first;
    expect(seen).toEqual(['first', 'second', 'first', 'first']);
  });

  it('is never joined by work that began outside it, before, during or after', async () => {
    const seen: string[] = [];
    const writing = gate();
    const readBefore = (async () => {
      await writing.opened;
      seen.push(`before: ${where()}`);
    })();
    const write = inAmbientTransaction(transactionsNamed('write'), async () => {
      writing.open();
      await tick();
      seen.push(`write: ${where()}`);
      outsideAmbientTransaction(() => seen.push(`outside: ${where()}`));
      await tick();
      seen.push(`write again: ${where()}`);
    });
    const readDuring = (async () => {
      await tick();
      seen.push(`during: ${where()}`);
    })();
    await Promise.all([readBefore, write, readDuring]);
    await tick();
    seen.push(`after: ${where()}`);
    expect(seen.sort()).toEqual(
      [
        'before: database',
        'during: database',
        'write: write',
        'outside: database',
        'write again: write',
        'after: database',
      ].sort(),
    );
  });

  it('ends with its write when the write fails, and the next write has its own', async () => {
    await expect(
      inAmbientTransaction(transactionsNamed('failing'), async () => {
        await tick();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(where()).toBe('database');
    const inNext = await inAmbientTransaction(transactionsNamed('next'), async () => {
      await tick();
      return where();
    });
    expect(inNext).toBe('next');
  });
});
