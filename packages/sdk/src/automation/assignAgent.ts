/**
 * Which agent an `assign_agent` action picks, pure. Only online members of the pool are
 * candidates; with none, the action's fallback (or nobody). Round robin keeps no counter: it
 * picks whoever was assigned a conversation longest ago (never first), which turns around the
 * pool and survives restarts and several server processes reading the same rows.
 */
import type { AgentAssignmentStrategy } from '../contract/automationTypes.ts';

/** A member of the pool as the server reads them when assigning. */
export interface AgentCandidate {
  userId: string;
  online: boolean;
  /** Conversations assigned to them and not closed. */
  openConversations: number;
  /** When a conversation was last assigned to them (by anyone); null: never. */
  lastAssignedAt: Date | null;
}

const assignedTime = (candidate: AgentCandidate) => candidate.lastAssignedAt?.getTime() ?? -Infinity;

/**
 * The agent to assign, or null (nobody online and no fallback). `round_robin`: the online member
 * assigned longest ago; `fewest_open`: the online member with the fewest open conversations,
 * then the one assigned longest ago. Ties go to the pool's order. `exclude` leaves out the agent
 * a conversation is being taken from (a reassignment); the fallback may still be them (it stays).
 */
export function pickAgent(
  strategy: AgentAssignmentStrategy,
  candidates: readonly AgentCandidate[],
  options: { fallbackUserId: string | null; exclude?: string | undefined },
): string | null {
  const online = candidates.filter((candidate) => candidate.online && candidate.userId !== options.exclude);
  let best: AgentCandidate | undefined;
  for (const candidate of online) {
    if (best === undefined) {
      best = candidate;
      continue;
    }
    const byLoad = strategy === 'fewest_open' ? candidate.openConversations - best.openConversations : 0;
    if (byLoad < 0 || (byLoad === 0 && assignedTime(candidate) < assignedTime(best))) best = candidate;
  }
  return best?.userId ?? options.fallbackUserId;
}
