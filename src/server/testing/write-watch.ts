import type { Db } from '../db/db';
import { type TableSnapshot, changedTables, snapshotTables, writeMark } from './table-snapshot';

/**
 * What the tables held at the last look, and the transaction mark of then: a look costs one
 * trivial query while nothing wrote, and a full snapshot of every table only when something did.
 */
export class WriteWatch {
  private constructor(
    private readonly db: Db,
    private known: TableSnapshot,
    private mark: string,
  ) {}

  static async start(db: Db): Promise<WriteWatch> {
    const mark = await writeMark(db);
    return new WriteWatch(db, await snapshotTables(db), mark);
  }

  /** The tables changed since the last look (empty when none), and what they hold now is known. */
  async changes(): Promise<string[]> {
    const mark = await writeMark(this.db);
    if (mark === this.mark) return [];
    this.mark = mark;
    const now = await snapshotTables(this.db);
    const changed = changedTables(this.known, now);
    this.known = now;
    return changed;
  }
}
