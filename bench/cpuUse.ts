/**
 * Where a machine's CPU went between two readings, from Linux's `/proc`: the whole machine's busy
 * share, and the CPU time of named groups of processes (this process, a child, PostgreSQL's
 * backends, Redis). A benchmark prints it beside a round's latencies, to tell a slower round that
 * did more work from one that waited on a saturated machine. Elsewhere than Linux it reads nothing
 * and `describeCpu` answers null.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** A group: a name, and which processes count in it (by pid and command name). */
export interface CpuGroup {
  name: string;
  matches(pid: number, command: string): boolean;
}

export interface CpuReading {
  at: number;
  /** Jiffies of the whole machine: busy and all. */
  machine: { busy: number; total: number };
  /** CPU seconds (user + system) per group, of the processes alive at the reading. */
  groups: Map<string, number>;
  /** Per process, so a process that ended between readings does not count as negative. */
  processes: Map<number, { group: string; seconds: number }>;
}

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux Node runs on

const available = existsSync('/proc/stat');

function machineJiffies(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** Reads the machine and every process of `groups` (a process counts in its first matching group). */
export function readCpu(groups: readonly CpuGroup[]): CpuReading | null {
  if (!available) return null;
  const processes = new Map<number, { group: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const command = stat.slice(open + 1, close);
    const group = groups.find((candidate) => candidate.matches(pid, command));
    if (group === undefined) continue;
    // After the command: state is field 3, utime and stime fields 14 and 15.
    const fields = stat.slice(close + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    processes.set(pid, { group: group.name, seconds });
  }
  const totals = new Map<string, number>(groups.map((group) => [group.name, 0]));
  for (const { group, seconds } of processes.values()) totals.set(group, (totals.get(group) ?? 0) + seconds);
  return { at: performance.now(), machine: machineJiffies(), groups: totals, processes };
}

/**
 * "machine 143% of 200%; bench 61%, automation 35%, postgres 40%, redis 3%": each group's CPU
 * between the readings as a share of one core, and the machine's busy share of all its cores.
 */
export function describeCpu(before: CpuReading | null, after: CpuReading | null): string | null {
  if (before === null || after === null) return null;
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return null;
  const cores = os.availableParallelism();
  const jiffies = after.machine.total - before.machine.total;
  const busy = jiffies > 0 ? ((after.machine.busy - before.machine.busy) / jiffies) * cores * 100 : 0;
  const used = new Map<string, number>();
  for (const [pid, now] of after.processes) {
    const earlier = before.processes.get(pid)?.seconds ?? 0;
    used.set(now.group, (used.get(now.group) ?? 0) + Math.max(0, now.seconds - earlier));
  }
  const parts = [...after.groups.keys()].map(
    (name) => `${name} ${Math.round(((used.get(name) ?? 0) / seconds) * 100)}%`,
  );
  return `machine ${Math.round(busy)}% of ${cores * 100}%; ${parts.join(', ')}`;
}

/** This process. */
export const thisProcess = (name: string): CpuGroup => ({ name, matches: (pid) => pid === process.pid });
/** Processes whose command name is one of `commands` (`postgres`, `redis-server`). */
export const byCommand = (name: string, ...commands: string[]): CpuGroup => ({
  name,
  matches: (_pid, command) => commands.includes(command),
});
/** The process `pid()` names when read (a child started later). */
export const byPid = (name: string, pid: () => number | undefined): CpuGroup => ({
  name,
  matches: (candidate) => candidate === pid(),
});
