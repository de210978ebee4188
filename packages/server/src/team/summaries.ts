/**
 * The home page's project cards (`project_list`): each of the caller's projects with the unread
 * messages of the conversations the caller may see there, its WhatsApp numbers by status and (for
 * callers holding `project.billing.view`) its balance, in one query for all projects (not one per
 * project).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import type { ProjectMembership } from '../projects/projects.ts';
import { toProject } from '../projects/projects.ts';
import { can } from '../sdk.ts';
import type { ProjectSummary } from '../sdk.ts';

/**
 * The inbox's visibility rule (src/inbox/conversations.ts) per project: with `crm.chat.view` and
 * `crm.chat.show_all_chat` every conversation, with `crm.chat.view` alone those assigned to the
 * caller or to one of their divisions, without `crm.chat.view` none.
 */
export async function projectSummaries(
  db: Db,
  userId: string,
  memberships: readonly ProjectMembership[],
): Promise<ProjectSummary[]> {
  if (memberships.length === 0) return [];
  const chat = memberships.filter((membership) => can(membership.permissions, 'crm.chat.view'));
  const seesAll = chat.filter((membership) => can(membership.permissions, 'crm.chat.show_all_chat'));
  const seesOwn = chat.filter((membership) => !seesAll.includes(membership));
  const ids = (list: readonly ProjectMembership[]) =>
    list.map((membership) => membership.project.id).join(',');
  const rows = await queryRows<{
    id: string;
    unread: number;
    total: number;
    connected: number;
    balance: string | number;
  }>(
    db,
    sql`select p.id,
        coalesce((
          select sum(c.unread) from conversations c
          where c.project_id = p.id and (
            p.id = any(string_to_array(${ids(seesAll)}, ',')::uuid[])
            or (p.id = any(string_to_array(${ids(seesOwn)}, ',')::uuid[]) and (
              c.assigned_user_id = ${userId}
              or c.division_id in (
                select dm.division_id from division_members dm
                where dm.project_id = p.id and dm.user_id = ${userId}))))
        ), 0)::int as unread,
        (select count(*) from wa_accounts a where a.project_id = p.id)::int as total,
        (select count(*) from wa_accounts a where a.project_id = p.id and a.status = 'connected')::int as connected,
        coalesce((select w.balance from wallets w where w.project_id = p.id), 0) as balance
      from projects p
      where p.id = any(string_to_array(${ids(memberships)}, ',')::uuid[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return memberships.map((membership) => {
    const row = byId.get(membership.project.id);
    return {
      ...toProject(membership),
      unreadCount: Number(row?.unread ?? 0),
      accounts: { total: Number(row?.total ?? 0), connected: Number(row?.connected ?? 0) },
      balance: can(membership.permissions, 'project.billing.view') ? Number(row?.balance ?? 0) : null,
    };
  });
}
