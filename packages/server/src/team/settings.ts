/**
 * A project's settings (`/project/setting/{key}`): name, time zone, working hours per weekday and
 * the default division; and deleting the project with everything in it.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { divisions, media, projectMembers, projects, uploadTransfers, waAccounts } from '../db/schema.ts';
import type { ProjectRow, StoredWorkingDay } from '../db/schema.ts';
import type { OptOutSettings, ProjectSettings, WorkingDay } from '../sdk.ts';
import { optOutColumns, optOutSettingsOf } from '../broadcasts/optOutSettings.ts';
import type { Locale } from '../i18n/translate.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Monday to Friday 09:00 to 17:00, the weekend closed: what a project starts with. */
export function defaultWorkingHours(): WorkingDay[] {
  return WEEKDAYS.map((day) => ({ day, open: day <= 5, from: '09:00:00', to: '17:00:00' }));
}

/** Seven days, Monday first, whatever was stored (a missing day takes the default). */
function workingHoursOf(stored: readonly StoredWorkingDay[] | null): WorkingDay[] {
  const defaults = defaultWorkingHours();
  if (stored === null) return defaults;
  return defaults.map((fallback) => {
    const day = stored.find((entry) => entry.day === fallback.day);
    return day === undefined ? fallback : { day: fallback.day, open: day.open, from: day.from, to: day.to };
  });
}

export async function projectSettings(db: Db, project: ProjectRow): Promise<ProjectSettings> {
  const division =
    project.defaultDivisionId === null
      ? undefined
      : (
          await db
            .select({ id: divisions.id, name: divisions.name })
            .from(divisions)
            .where(and(eq(divisions.id, project.defaultDivisionId), eq(divisions.projectId, project.id)))
            .limit(1)
        )[0];
  return {
    key: project.key,
    name: project.name,
    timeZone: project.timeZone,
    workingHours: workingHoursOf(project.workingHours),
    defaultDivision: division ?? null,
    optOut: optOutSettingsOf(project),
    createdAt: project.createdAt.toISOString(),
  };
}

export interface SettingsChange {
  name?: string | undefined;
  timeZone?: string | undefined;
  /** Seven days, each once (the act's input checks it). */
  workingHours?: readonly { day: number; open: boolean; from: string; to: string }[] | undefined;
  /** `null` clears it. */
  defaultDivisionId?: string | null | undefined;
  /** Checked here (`optOutColumns`: `invalid_input` in `locale`). */
  optOut?: { settings: OptOutSettings; locale: Locale } | undefined;
}

/**
 * Applies the change and answers the project row after it; `'division_not_found'` when the
 * division is not one of the project's.
 */
export async function updateSettings(
  db: Db,
  projectId: string,
  change: SettingsChange,
): Promise<ProjectRow | 'division_not_found' | null> {
  return db.transaction(async (tx) => {
    if (change.defaultDivisionId !== undefined && change.defaultDivisionId !== null) {
      const [division] = await tx
        .select({ id: divisions.id })
        .from(divisions)
        .where(and(eq(divisions.id, change.defaultDivisionId), eq(divisions.projectId, projectId)))
        .for('update');
      if (division === undefined) return 'division_not_found';
    }
    const set: Partial<
      Pick<
        ProjectRow,
        | 'name'
        | 'timeZone'
        | 'workingHours'
        | 'defaultDivisionId'
        | 'optOutWords'
        | 'optOutReply'
        | 'optOutReplyEnabled'
      >
    > = {};
    if (change.name !== undefined) set.name = change.name;
    if (change.timeZone !== undefined) set.timeZone = change.timeZone;
    if (change.workingHours !== undefined)
      set.workingHours = [...change.workingHours]
        .sort((a, b) => a.day - b.day)
        .map(({ day, open, from, to }) => ({ day: day as StoredWorkingDay['day'], open, from, to }));
    if (change.defaultDivisionId !== undefined) set.defaultDivisionId = change.defaultDivisionId;
    if (change.optOut !== undefined)
      Object.assign(set, optOutColumns(change.optOut.settings, change.optOut.locale));
    if (Object.keys(set).length === 0) {
      const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
      return row ?? null;
    }
    const [row] = await tx.update(projects).set(set).where(eq(projects.id, projectId)).returning();
    return row ?? null;
  });
}

/**
 * Deletes the project and everything in it (every table names it with `ON DELETE CASCADE`);
 * answers who its members were, its divisions and its numbers, so sockets can be told and moved
 * and the webhook's routes forgotten.
 */
export async function deleteProject(
  db: Db,
  projectId: string,
): Promise<{
  memberIds: string[];
  divisionIds: string[];
  phoneNumberIds: string[];
  /** The stored files (`media` ids) and unfinished uploads (transfer ids) to take off the disk. */
  mediaIds: string[];
  transferIds: string[];
}> {
  return db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    const members = await tx
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, projectId));
    const divisionRows = await tx
      .select({ id: divisions.id })
      .from(divisions)
      .where(eq(divisions.projectId, projectId));
    const accounts = await tx
      .select({ phoneNumberId: waAccounts.phoneNumberId })
      .from(waAccounts)
      .where(eq(waAccounts.projectId, projectId));
    const files = await tx.select({ id: media.id }).from(media).where(eq(media.projectId, projectId));
    const transfers = await tx
      .select({ id: uploadTransfers.id })
      .from(uploadTransfers)
      .where(eq(uploadTransfers.projectId, projectId));
    await tx.delete(projects).where(eq(projects.id, projectId));
    return {
      memberIds: members.map((row) => row.userId),
      divisionIds: divisionRows.map((row) => row.id),
      phoneNumberIds: accounts.map((row) => row.phoneNumberId),
      mediaIds: files.map((row) => row.id),
      transferIds: transfers.map((row) => row.id),
    };
  });
}
