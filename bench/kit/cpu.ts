// CPU time of processes from /proc, which other load on the machine disturbs less than a rate.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { DatabaseTarget } from '#server/db/connection';

/** A process's CPU time so far, in ms (user + system), or 0 once it has exited. */
export function cpuMsOf(pid: number | string): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The CPU time of a database's server processes since a reading, in ms. */
export interface BackendsReading {
  since(later: BackendsReading): number;
  byPid: Map<number, number>;
}

/**
 * The CPU time of the PostgreSQL backends serving the benchmark's database (the server runs on
 * this machine: its processes are in /proc), read before and after a target's run: what the
 * database spends per request beside the service. On the embedded database (no server) it is 0,
 * the service's own process counting it.
 */
export function backendsCpu(target: DatabaseTarget): {
  ms(): Promise<BackendsReading>;
  close(): Promise<void>;
} {
  const client = target.kind === 'postgres' ? new pg.Client(target.url) : undefined;
  const connected = client?.connect();
  const reading = (byPid: Map<number, number>): BackendsReading => ({
    byPid,
    // A backend that started in between counts from 0; one that ended is lost (rare: pools
    // keep their connections while a target runs).
    since: (later) =>
      [...later.byPid].reduce((sum, [pid, ms]) => sum + ms - (byPid.get(pid) ?? 0), 0),
  });
  return {
    async ms() {
      if (!client) return reading(new Map());
      await connected;
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return reading(new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)])));
    },
    close: async () => {
      await client?.end();
    },
  };
}
