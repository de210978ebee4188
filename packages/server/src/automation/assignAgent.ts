/**
 * A rule's `assign_agent` and `notify` actions inside its transaction (carryOut.ts).
 *
 * Assignment: the pool is the action's members, or (none listed) the members of the
 * conversation's division as it stands in this transaction (after the rule's `assign_division`).
 * The pool's membership rows are locked (`FOR UPDATE`, in user order, so no two assignments
 * deadlock), then each member's presence (realtime/presence.ts), open conversations and
 * `last_assigned_at` are read and the SDK's `pickAgent` chooses; the chosen member's
 * `last_assigned_at` moves to now before the locks go. So assignments over one pool, from any
 * number of processes, run one after the other and each sees the one before: round robin turns
 * around the pool. With nobody online the fallback member takes it, or it stays as it was (the
 * action fails with `no_agent`). With `reassignAfterMinutes`, a `reassign` timer starts for the
 * new agent (timers.ts takes the conversation to the next one if they have not replied by then).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { automationRules, conversations, divisionMembers, projectMembers } from '../db/schema.ts';
import type { NotifyInput } from '../notifications/notify.ts';
import { onlineUserIds } from '../realtime/presence.ts';
import { fillQuickReply, pickAgent } from '../sdk.ts';
import type { AgentCandidate, AssignAgentAction, NotifyAction } from '../sdk.ts';
import type { Target } from './carryOut.ts';
import { startTimer } from './timerStore.ts';

/** The conversation's agent and division as this transaction sees them, its row locked. */
async function lockConversation(tx: Db, conversationId: string) {
  const [row] = await tx
    .select({ assignedUserId: conversations.assignedUserId, divisionId: conversations.divisionId })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update');
  return row ?? null;
}

/** The members of a division, in the order they joined it. */
async function divisionPool(tx: Db, divisionId: string | null): Promise<string[]> {
  if (divisionId === null) return [];
  const rows = await tx
    .select({ userId: divisionMembers.userId })
    .from(divisionMembers)
    .where(eq(divisionMembers.divisionId, divisionId))
    .orderBy(asc(divisionMembers.addedAt), asc(divisionMembers.userId));
  return rows.map((row) => row.userId);
}

/**
 * Assigns the target's conversation by `action`; `exclude`: the agent it is being taken from (a
 * reassignment). Answers the agent it is assigned to now (null: nobody was found, unchanged) and
 * the one it had before.
 */
export async function assignAgent(
  tx: Db,
  target: Target,
  action: AssignAgentAction,
  options: { exclude?: string } = {},
): Promise<{ userId: string | null; from: string | null }> {
  const { projectId, now } = target;
  const conversation = await lockConversation(tx, target.conversation.id);
  if (conversation === null) return { userId: null, from: null };
  const from = conversation.assignedUserId;
  const listed = action.userIds.length > 0 ? action.userIds : await divisionPool(tx, conversation.divisionId);
  const pool = [...new Set(listed)];
  const members =
    pool.length === 0
      ? []
      : await tx
          .select({ userId: projectMembers.userId, lastAssignedAt: projectMembers.lastAssignedAt })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, pool)))
          .orderBy(asc(projectMembers.userId))
          .for('update');
  const online = await onlineUserIds(
    tx,
    members.map((member) => member.userId),
    now,
  );
  const open =
    members.length === 0
      ? []
      : await tx
          .select({ userId: conversations.assignedUserId, count: sql<number>`count(*)::int` })
          .from(conversations)
          .where(
            and(
              eq(conversations.projectId, projectId),
              inArray(
                conversations.assignedUserId,
                members.map((member) => member.userId),
              ),
            ),
          )
          .groupBy(conversations.assignedUserId);
  const openOf = new Map(open.map((row) => [row.userId, Number(row.count)]));
  const byId = new Map(members.map((member) => [member.userId, member]));
  // In the pool's order (the action's list, or the division's), members of the project only.
  const candidates: AgentCandidate[] = pool.flatMap((userId) => {
    const member = byId.get(userId);
    if (member === undefined) return [];
    return [
      {
        userId,
        online: online.has(userId),
        openConversations: openOf.get(userId) ?? 0,
        lastAssignedAt: member.lastAssignedAt,
      },
    ];
  });
  const fallbackUserId = await memberOrNull(tx, projectId, action.fallbackUserId);
  const picked = pickAgent(action.strategy, candidates, {
    fallbackUserId,
    exclude: options.exclude,
  });
  if (picked === null) return { userId: null, from };
  await tx
    .update(projectMembers)
    .set({ lastAssignedAt: now })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, picked)));
  if (picked === from) return { userId: picked, from };
  await tx
    .update(conversations)
    .set({ assignedUserId: picked })
    .where(eq(conversations.id, target.conversation.id));
  if (action.reassignAfterMinutes !== null) {
    await startTimer(
      tx,
      {
        projectId,
        ruleId: target.ruleId,
        conversationId: target.conversation.id,
        kind: 'reassign',
        since: now,
        dueAt: new Date(now.getTime() + action.reassignAfterMinutes * 60_000),
        userId: picked,
        now,
      },
      true,
    );
  }
  return { userId: picked, from };
}

/**
 * The `conversation_assigned` notification of an agent automation gave the conversation to
 * (`actorName`: the rule's name), sent after the commit.
 */
export async function assignedNotice(tx: Db, target: Target, userId: string): Promise<NotifyInput> {
  const [rule] = await tx
    .select({ name: automationRules.name })
    .from(automationRules)
    .where(eq(automationRules.id, target.ruleId))
    .limit(1);
  return {
    userIds: [userId],
    kind: 'conversation_assigned',
    projectId: target.projectId,
    subject: target.customer.name,
    actorName: rule?.name ?? null,
    conversationId: target.conversation.id,
  };
}

/** `userId` when it is a member of the project, else null. */
async function memberOrNull(tx: Db, projectId: string, userId: string | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await tx
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * The note a `notify` action sends once the rule's transaction committed: to the conversation's
 * agent, its division's members, or the listed members, as they stand now. Null: nobody to tell.
 */
export async function noticeOf(tx: Db, target: Target, action: NotifyAction): Promise<NotifyInput | null> {
  let userIds: string[] = action.userIds;
  if (action.recipients !== 'members') {
    const [row] = await tx
      .select({ assignedUserId: conversations.assignedUserId, divisionId: conversations.divisionId })
      .from(conversations)
      .where(eq(conversations.id, target.conversation.id));
    if (action.recipients === 'assigned_agent') {
      userIds = row?.assignedUserId == null ? [] : [row.assignedUserId];
    } else {
      userIds = await divisionPool(tx, row?.divisionId ?? null);
    }
  }
  if (userIds.length === 0) return null;
  const { customer } = target;
  return {
    userIds,
    kind: 'automation_note',
    projectId: target.projectId,
    subject: customer.name,
    actorName: fillQuickReply(action.text, { nama: customer.name, nomor: customer.phone }),
    conversationId: target.conversation.id,
  };
}
