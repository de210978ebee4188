/**
 * The demo project's divisions on first start: "Sales" and "Support", the demo user in Sales, and
 * a fifth of the seeded conversations in each (set-based, in a fixed order), so the divisions
 * screen, the chat's division chips and its filter have something to show.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { divisionMembers, divisions } from '../db/schema.ts';

export const DEMO_DIVISIONS = [
  { name: 'Sales', color: '#1e90ff' },
  { name: 'Support', color: '#2e8b57' },
] as const;

export async function seedDivisions(
  db: Db,
  demo: { projectId: string; userId: string; now: Date },
): Promise<{ sales: string; support: string }> {
  const [sales, support] = DEMO_DIVISIONS.map(() => randomUUID()) as [string, string];
  await db.insert(divisions).values(
    DEMO_DIVISIONS.map((division, index) => ({
      id: index === 0 ? sales : support,
      projectId: demo.projectId,
      name: division.name,
      color: division.color,
      createdAt: demo.now,
    })),
  );
  await db
    .insert(divisionMembers)
    .values({ divisionId: sales, userId: demo.userId, projectId: demo.projectId, addedAt: demo.now });
  // Every fifth conversation (by first contact) to Sales, the one after it to Support.
  await db.execute(sql`
    update conversations c
    set division_id = case when n.k % 5 = 0 then ${sales}::uuid else ${support}::uuid end
    from (
      select id, row_number() over (order by created_at, id) as k
      from conversations where project_id = ${demo.projectId}::uuid
    ) n
    where c.id = n.id and n.k % 5 in (0, 1)`);
  return { sales, support };
}
