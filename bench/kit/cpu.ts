// A process's CPU time from /proc, for the benchmarks that count CPU per request.
import { readFileSync } from 'node:fs';

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
