/**
 * Automation acts (issue 18): the four screens' rules, the try box and the activity log. The
 * contract lets in a member holding the act's verb for any kind (`view`, `add`, `edit`,
 * `hapus`); here the kind the call is about decides (`automationPermission(kind, verb)`, else
 * `forbidden`): a stored rule's own kind, a draft's, or the listed kind. A rule of another project
 * is `not_found`, whatever its kind.
 *
 * A draft has passed `automationRuleDraftField` (its field errors are the dispatcher's); what it
 * names must be the project's (references.ts), every problem answered at once as `invalid_input`
 * on its field. Changes are announced once they have committed: `automation.rule.updated` (each
 * rule that moved, for an order) or `automation.rule.deleted`, to the members who may view the
 * kind.
 */
import { and, eq } from 'drizzle-orm';
import { inProject, signedIn } from '../acts/context.ts';
import type { ActContext } from '../acts/context.ts';
import { ActError } from '../acts/ActError.ts';
import type { ActHandlers } from '../acts/registry.ts';
import { customers } from '../db/schema.ts';
import type { AutomationRuleRow } from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import { AUTOMATION_RULES_MAX, automationKindsAllowed, automationPermission, can } from '../sdk.ts';
import type { AutomationRuleDraft, AutomationRuleKind, AutomationVerb } from '../sdk.ts';
import { ruleDeleted, ruleUpdated } from './announce.ts';
import type { ReferenceProblem } from './references.ts';
import { referenceProblems } from './references.ts';
import { deleteRule, findRule, insertRule, reorderRules, ruleOf, rulesOfKind, updateRule } from './rules.ts';
import { tryRules } from './tryRules.ts';
import { announceFollowUps } from './followUps.ts';
import { cancelFollowUpRun, customerOf, followUpRunOf, followUpRunsOf } from './followUpViews.ts';
import { visibleConversationsOfCustomer } from '../inbox/conversations.ts';
import { scopeOf } from '../acts/handlers/inbox.ts';
import type { TryTarget } from './tryRules.ts';
import { activityPage, listRules, ruleView, ruleViews } from './views.ts';

type AutomationActs =
  | 'automation_rule_list'
  | 'automation_rule_get'
  | 'automation_rule_create'
  | 'automation_rule_update'
  | 'automation_rule_delete'
  | 'automation_rule_reorder'
  | 'automation_rule_try'
  | 'automation_activity_list'
  | 'follow_up_list'
  | 'follow_up_cancel';

/** `forbidden` unless the caller may `verb` the rules of `kind`. */
function requireKind(ctx: ActContext, kind: AutomationRuleKind, verb: AutomationVerb): void {
  if (!can(inProject(ctx).permissions, automationPermission(kind, verb))) throw new ActError('forbidden');
}

/** A rule of the caller's project (`not_found` otherwise) whose kind they may `verb`. */
async function ruleFor(ctx: ActContext, id: string, verb: AutomationVerb): Promise<AutomationRuleRow> {
  const row = await findRule(ctx.services.db, inProject(ctx).project.id, id);
  if (row === null) throw new ActError('not_found');
  requireKind(ctx, row.kind, verb);
  return row;
}

/** `invalid_input` with each problem's text on its field (the first per field), if any. */
function refuse(ctx: ActContext, problems: readonly ReferenceProblem[]): void {
  if (problems.length === 0) return;
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.path] ??= translate(ctx.locale, problem.key, problem.params);
  throw new ActError('invalid_input', { errors });
}

/** Checks what a draft names; keeps its templates' header files for good (as a broadcast does). */
async function checkReferences(ctx: ActContext, draft: AutomationRuleDraft): Promise<void> {
  const projectId = inProject(ctx).project.id;
  const { problems, headerFiles } = await referenceProblems(ctx.services.db, projectId, draft);
  refuse(ctx, problems);
  await ctx.services.media.claim(projectId, headerFiles);
}

/** Announces rows as they are now (after their change committed). */
async function announce(ctx: ActContext, rows: readonly AutomationRuleRow[]): Promise<void> {
  const { key } = inProject(ctx).project;
  for (const view of await ruleViews(ctx.services.db, rows)) {
    ctx.services.publisher.publish(ruleUpdated(key, view));
  }
}

export const automationHandlers = {
  async automation_rule_list(input, ctx) {
    requireKind(ctx, input.kind, 'view');
    return listRules(ctx.services.db, inProject(ctx).project.id, {
      kind: input.kind,
      page: input.page ?? 0,
      search: input.search ?? '',
      all: input.all ?? false,
    });
  },

  async automation_rule_get(input, ctx) {
    return ruleView(ctx.services.db, await ruleFor(ctx, input.id, 'view'));
  },

  async automation_rule_create(input, ctx) {
    const { user } = signedIn(ctx);
    requireKind(ctx, input.rule.kind, 'add');
    await checkReferences(ctx, input.rule);
    const row = await insertRule(ctx.services.db, {
      projectId: inProject(ctx).project.id,
      draft: input.rule,
      userId: user.id,
      now: ctx.now,
    });
    if (row === 'full') {
      throw new ActError('conflict', {
        msgKey: 'error.automation_rules_max',
        data: { max: AUTOMATION_RULES_MAX },
      });
    }
    await announce(ctx, [row]);
    return ruleView(ctx.services.db, row);
  },

  async automation_rule_update(input, ctx) {
    const { user } = signedIn(ctx);
    const current = await ruleFor(ctx, input.id, 'edit');
    if (input.rule === undefined && input.enabled === undefined) return ruleView(ctx.services.db, current);
    if (input.rule !== undefined) {
      if (input.rule.kind !== current.kind) {
        throw new ActError('invalid_input', {
          errors: { 'rule.kind': translate(ctx.locale, 'field.automation_kind_fixed') },
        });
      }
      await checkReferences(ctx, input.rule);
    }
    const row = await updateRule(ctx.services.db, {
      projectId: current.projectId,
      id: current.id,
      draft: input.rule,
      enabled: input.enabled,
      userId: user.id,
      now: ctx.now,
    });
    if (row === null) throw new ActError('not_found');
    await announce(ctx, [row]);
    return ruleView(ctx.services.db, row);
  },

  async automation_rule_delete(input, ctx) {
    const current = await ruleFor(ctx, input.id, 'hapus');
    const row = await deleteRule(ctx.services.db, {
      projectId: current.projectId,
      id: current.id,
      now: ctx.now,
    });
    if (row === null) throw new ActError('not_found');
    ctx.services.publisher.publish(ruleDeleted(inProject(ctx).project.key, row.kind, row.id));
    return { id: row.id };
  },

  async automation_rule_reorder(input, ctx) {
    requireKind(ctx, input.kind, 'edit');
    const projectId = inProject(ctx).project.id;
    const result = await reorderRules(ctx.services.db, { projectId, kind: input.kind, ids: input.ids });
    if (result === 'not_found') throw new ActError('not_found');
    if (result === 'duplicate') {
      throw new ActError('invalid_input', {
        errors: { ids: translate(ctx.locale, 'automation.rule.duplicate') },
      });
    }
    if (result === 'stale') throw new ActError('conflict', { msgKey: 'error.automation_order_stale' });
    const rows = await rulesOfKind(ctx.services.db, projectId, input.kind);
    await announce(
      ctx,
      rows.filter((row) => result.moved.includes(row.id)),
    );
    return ruleViews(ctx.services.db, rows);
  },

  async automation_rule_try(input, ctx) {
    const { project } = inProject(ctx);
    const given = [input.id, input.rule, input.kind].filter((value) => value !== undefined);
    if (given.length !== 1) {
      throw new ActError('invalid_input', {
        errors: { _: translate(ctx.locale, 'field.automation_try_target') },
      });
    }
    let target: TryTarget;
    if (input.id !== undefined) {
      target = { rule: ruleOf(await ruleFor(ctx, input.id, 'view')) };
    } else if (input.rule !== undefined) {
      requireKind(ctx, input.rule.kind, 'view');
      target = { rule: input.rule };
    } else {
      const kind = input.kind as AutomationRuleKind;
      requireKind(ctx, kind, 'view');
      target = { rules: (await rulesOfKind(ctx.services.db, project.id, kind)).map(ruleOf) };
    }
    return tryRules(ctx.services.db, project, target, input.sample, ctx.now);
  },

  async automation_activity_list(input, ctx) {
    const { project, permissions } = inProject(ctx);
    let kinds = automationKindsAllowed(permissions, 'view');
    if (input.kind !== undefined) {
      requireKind(ctx, input.kind, 'view');
      kinds = [input.kind];
    }
    if (input.ruleId !== undefined) {
      const rule = await ruleFor(ctx, input.ruleId, 'view');
      kinds = kinds.filter((kind) => kind === rule.kind);
    }
    if (input.customerId !== undefined) {
      const [customer] = await ctx.services.db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, input.customerId), eq(customers.projectId, project.id)))
        .limit(1);
      if (customer === undefined) throw new ActError('not_found');
    }
    return activityPage(
      ctx.services.db,
      project.id,
      {
        kinds,
        ruleId: input.ruleId,
        customerId: input.customerId,
        outcome: input.outcome,
        page: input.page ?? 0,
      },
      { seesContactDetail: can(permissions, 'crm.chat.show_user_contact_detail') },
    );
  },

  // The customer panel's follow-ups (followUpViews.ts). With the follow-up screen's keys, any
  // customer and run of the project; from the chat, the conversations the caller sees, and a
  // cancel (`crm.chat.send`, the contract's access) only in a conversation assigned to them.
  async follow_up_list(input, ctx) {
    const { project, permissions, userId } = inProject(ctx);
    const viewer = {
      userId,
      cancelsAny: can(permissions, automationPermission('follow_up', 'edit')),
      cancelsOwn: can(permissions, 'crm.chat.send'),
    };
    if (can(permissions, automationPermission('follow_up', 'view'))) {
      if ((await customerOf(ctx.services.db, project.id, input.customerId)) === null) {
        throw new ActError('not_found');
      }
      return followUpRunsOf(ctx.services.db, project.id, input.customerId, null, viewer);
    }
    const seen = await visibleConversationsOfCustomer(ctx.services.db, scopeOf(ctx), input.customerId);
    if (seen.length === 0) throw new ActError('not_found');
    return followUpRunsOf(ctx.services.db, project.id, input.customerId, seen, viewer);
  },

  async follow_up_cancel(input, ctx) {
    const { project, permissions, userId } = inProject(ctx);
    const { db } = ctx.services;
    const run = await followUpRunOf(db, project.id, input.runId);
    if (run === null) throw new ActError('not_found');
    const cancelsAny = can(permissions, automationPermission('follow_up', 'edit'));
    if (!cancelsAny) {
      const seen = await visibleConversationsOfCustomer(db, scopeOf(ctx), run.customerId);
      if (!seen.includes(run.conversationId)) throw new ActError('not_found');
      if (run.assignedUserId !== userId) throw new ActError('forbidden');
    }
    const cancelled = await cancelFollowUpRun(
      db,
      { projectId: project.id, runId: input.runId, userId, now: ctx.now },
      { userId, cancelsAny, cancelsOwn: true },
    );
    if (cancelled === 'ended') throw new ActError('conflict');
    await announceFollowUps(ctx.services, project.key, [run.conversationId]);
    return cancelled;
  },
} satisfies Pick<ActHandlers, AutomationActs>;
