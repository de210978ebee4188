import type { Caller } from './sessions.ts';

interface Entry {
  caller: Caller;
  /** Epoch ms after which the entry must be looked up again. */
  until: number;
}

/**
 * Remembers recent token lookups for `ttlMs`, so a busy client's calls do not each hit the
 * database. Revocations made by this process (logout, password reset) forget their entries at
 * once; a revocation made by another process sharing PostgreSQL is seen within `ttlMs`.
 * A `ttlMs` of 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, nowMs: number): Caller | undefined {
    const entry = this.entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (entry.until <= nowMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.caller;
  }

  set(tokenHash: string, caller: Caller, sessionExpiresAt: Date, nowMs: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { caller, until: Math.min(nowMs + this.ttlMs, sessionExpiresAt.getTime()) });
  }

  forgetSession(sessionId: string): void {
    for (const [key, entry] of this.entries)
      if (entry.caller.sessionId === sessionId) this.entries.delete(key);
  }

  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.caller.user.id === userId) this.entries.delete(key);
  }
}
