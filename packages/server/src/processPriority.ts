/**
 * How an `automation` process gives way to the web processes on its host (src/main.ts;
 * docs/automation.md, "Processes"): every thread's `nice` lowered to `SAPA_AUTOMATION_NICE`.
 *
 * Every thread, not only the main one: Linux keeps a priority per thread, and the threads V8 and
 * libuv start with the process (garbage collection, compilation, the file system's pool) would
 * otherwise keep the priority it was started with while they collect the engine's garbage. Threads
 * started later take the priority of the thread that starts them.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';

export interface PriorityLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** The threads of process `pid` (Linux: `/proc/<pid>/task`); elsewhere the process alone. */
export function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

/**
 * Lowers every thread of this process to `nice`, never raising one; what cannot be done is logged
 * and the process runs on as it is.
 */
export function givePriorityToWeb(nice: number, log: PriorityLog): void {
  for (const thread of threadsOf(process.pid)) {
    try {
      if (nice > os.getPriority(thread)) os.setPriority(thread, nice);
    } catch (error) {
      // A thread that ended meanwhile has nothing left to lower.
      if ((error as { info?: { code?: string } }).info?.code !== 'ESRCH')
        log.warn({ err: error, nice, thread }, 'could not lower an automation thread’s priority');
    }
  }
}
