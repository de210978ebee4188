/**
 * Whether a rule's draft names only the project's own rows (issue 18): labels, stages, divisions,
 * numbers (not deleted), members, templates, gallery files and broadcasts, each looked up once per
 * kind of row, every problem at the path of its field (`rule.conditions.0.labelIds.1`). A
 * template's values are checked against it as a broadcast's are (`broadcastValueProblems`), and a
 * media header's file must be a stored file of the project that fits it.
 *
 * The engine cannot rely on these rows lasting (a label may be deleted after the rule was saved):
 * a condition on a missing row does not hold, an action on one fails with its reason.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import {
  broadcasts,
  divisions,
  labels,
  media,
  projectMembers,
  stages,
  waAccounts,
  waTemplates,
} from '../db/schema.ts';
import type { TemplateRow } from '../db/schema.ts';
import type { MessageKey, MessageParams } from '../i18n/translate.ts';
import { fitsHeader } from '../inbox/templateSends.ts';
import { broadcastValueProblems } from '../sdk.ts';
import type { AutomationAction, AutomationRuleDraft, BroadcastValues } from '../sdk.ts';

type Table = 'label' | 'stage' | 'division' | 'account' | 'member' | 'gallery' | 'broadcast';

/** One id a draft names, at its field's path. */
interface Reference {
  table: Table;
  id: string;
  path: string;
}

/** A template a draft sends, with the values it fills. */
interface TemplateUse {
  templateId: string;
  values: BroadcastValues;
  path: string;
}

/** A problem with a draft's references: the field and its text. */
export interface ReferenceProblem {
  path: string;
  key: MessageKey;
  params: MessageParams;
}

const NOT_FOUND: Record<Table, MessageKey> = {
  label: 'field.automation_not_in_project',
  stage: 'field.automation_not_in_project',
  division: 'field.automation_not_in_project',
  account: 'field.automation_not_in_project',
  broadcast: 'field.automation_not_in_project',
  member: 'field.automation_not_member',
  gallery: 'field.automation_not_in_gallery',
};

/** Everything a draft names, its paths under `prefix`. */
function referencesOf(draft: AutomationRuleDraft, prefix: string) {
  const references: Reference[] = [];
  const templates: TemplateUse[] = [];
  const add = (table: Table, id: string | null, path: string) => {
    if (id !== null) references.push({ table, id, path: `${prefix}.${path}` });
  };
  const trigger = draft.trigger;
  if (trigger.kind === 'label_added') add('label', trigger.labelId, 'trigger.labelId');
  if (trigger.kind === 'stage_entered') add('stage', trigger.stageId, 'trigger.stageId');
  if (trigger.kind === 'broadcast_reply') add('broadcast', trigger.broadcastId, 'trigger.broadcastId');
  draft.conditions.forEach((condition, index) => {
    const at = `conditions.${index}`;
    if (condition.kind === 'account') {
      condition.accountIds.forEach((id, i) => add('account', id, `${at}.accountIds.${i}`));
    } else if (condition.kind === 'label') {
      condition.labelIds.forEach((id, i) => add('label', id, `${at}.labelIds.${i}`));
    } else if (condition.kind === 'stage') {
      condition.stageIds.forEach((id, i) => add('stage', id, `${at}.stageIds.${i}`));
    } else if (condition.kind === 'division') {
      condition.divisionIds.forEach((id, i) => add('division', id, `${at}.divisionIds.${i}`));
    }
  });
  const sends = (action: AutomationAction, at: string) => {
    if (action.kind === 'send_media') add('gallery', action.galleryItemId, `${at}.galleryItemId`);
    if (action.kind === 'send_template') {
      templates.push({ templateId: action.templateId, values: action.values, path: `${prefix}.${at}` });
    }
  };
  if (draft.kind === 'follow_up') {
    draft.steps.forEach((step, index) => {
      sends(step.message, `steps.${index}.message`);
      // A fallback template is checked as a template step is (approved, its values, its file).
      if (step.fallback !== undefined) sends(step.fallback, `steps.${index}.fallback`);
    });
    return { references, templates };
  }
  draft.actions.forEach((action, index) => {
    const at = `actions.${index}`;
    sends(action, at);
    if (action.kind === 'assign_division') add('division', action.divisionId, `${at}.divisionId`);
    if (action.kind === 'set_stage') add('stage', action.stageId, `${at}.stageId`);
    if (action.kind === 'add_label') add('label', action.labelId, `${at}.labelId`);
    if (action.kind === 'assign_agent') {
      action.userIds.forEach((id, i) => add('member', id, `${at}.userIds.${i}`));
      add('member', action.fallbackUserId, `${at}.fallbackUserId`);
    }
    if (action.kind === 'notify') action.userIds.forEach((id, i) => add('member', id, `${at}.userIds.${i}`));
  });
  return { references, templates };
}

/** Which of `ids` are rows of `table` in the project. */
async function found(db: Db, projectId: string, table: Table, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let rows: { id: string }[];
  switch (table) {
    case 'label':
      rows = await db
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.projectId, projectId), inArray(labels.id, ids)));
      break;
    case 'stage':
      rows = await db
        .select({ id: stages.id })
        .from(stages)
        .where(and(eq(stages.projectId, projectId), inArray(stages.id, ids)));
      break;
    case 'division':
      rows = await db
        .select({ id: divisions.id })
        .from(divisions)
        .where(and(eq(divisions.projectId, projectId), inArray(divisions.id, ids)));
      break;
    case 'account':
      rows = await db
        .select({ id: waAccounts.id })
        .from(waAccounts)
        .where(
          and(eq(waAccounts.projectId, projectId), inArray(waAccounts.id, ids), isNull(waAccounts.deletedAt)),
        );
      break;
    case 'member':
      rows = await db
        .select({ id: projectMembers.userId })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, ids)));
      break;
    case 'gallery':
      rows = await db
        .select({ id: media.id })
        .from(media)
        .where(
          and(
            eq(media.projectId, projectId),
            inArray(media.id, ids),
            eq(media.inGallery, true),
            eq(media.status, 'stored'),
          ),
        );
      break;
    case 'broadcast':
      rows = await db
        .select({ id: broadcasts.id })
        .from(broadcasts)
        .where(and(eq(broadcasts.projectId, projectId), inArray(broadcasts.id, ids)));
      break;
  }
  return new Set(rows.map((row) => row.id));
}

/** A template's values and its media header's file, as a broadcast's are checked. */
async function templateProblems(
  db: Db,
  projectId: string,
  use: TemplateUse,
  template: TemplateRow,
): Promise<{ problems: ReferenceProblem[]; headerFile: string | null }> {
  const problems: ReferenceProblem[] = broadcastValueProblems(template.content, use.values).map(
    (problem) => ({
      path: [`${use.path}.values`, ...problem.path].join('.'),
      key: problem.key,
      params: problem.params,
    }),
  );
  const header = template.content.header;
  const fileId = use.values.headerMediaId;
  if (header === null || header.format === 'TEXT' || fileId === undefined) {
    return { problems, headerFile: null };
  }
  const [file] = await db
    .select()
    .from(media)
    .where(and(eq(media.projectId, projectId), eq(media.id, fileId)))
    .limit(1);
  if (file === undefined || file.status !== 'stored' || !fitsHeader(header.format, file)) {
    problems.push({ path: `${use.path}.values.headerMediaId`, key: 'field.invalid', params: {} });
    return { problems, headerFile: null };
  }
  return { problems, headerFile: file.id };
}

/**
 * The problems of what `draft` names in the project (none: `[]`), its paths under `prefix`, and
 * the media header files its templates use (to keep for good once the rule is stored).
 */
export async function referenceProblems(
  db: Db,
  projectId: string,
  draft: AutomationRuleDraft,
  prefix = 'rule',
): Promise<{ problems: ReferenceProblem[]; headerFiles: string[] }> {
  const { references, templates } = referencesOf(draft, prefix);
  const problems: ReferenceProblem[] = [];
  const tables = [...new Set(references.map((reference) => reference.table))];
  for (const table of tables) {
    const ids = [...new Set(references.filter((r) => r.table === table).map((r) => r.id))];
    const present = await found(db, projectId, table, ids);
    for (const reference of references) {
      if (reference.table === table && !present.has(reference.id)) {
        problems.push({ path: reference.path, key: NOT_FOUND[table], params: {} });
      }
    }
  }
  const headerFiles: string[] = [];
  const templateIds = [...new Set(templates.map((use) => use.templateId))];
  const rows =
    templateIds.length === 0
      ? []
      : await db
          .select()
          .from(waTemplates)
          .where(and(eq(waTemplates.projectId, projectId), inArray(waTemplates.id, templateIds)));
  for (const use of templates) {
    const template = rows.find((row) => row.id === use.templateId);
    if (template === undefined) {
      problems.push({ path: `${use.path}.templateId`, key: 'field.automation_not_in_project', params: {} });
      continue;
    }
    const checked = await templateProblems(db, projectId, use, template);
    problems.push(...checked.problems);
    if (checked.headerFile !== null) headerFiles.push(checked.headerFile);
  }
  return { problems, headerFiles };
}
