/**
 * Stage acts: the stages screen and board (`crm.stage.*`) and moving a customer from the chat
 * (`crm.chat.add_stage`, only a customer the caller sees in a conversation). Every move is
 * announced as `customer.stage` to the project, so the board and the chat's panel follow.
 */
import { can } from '../../sdk.ts';
import {
  createStage,
  customerOfProject,
  customerStage,
  deleteStage,
  listStages,
  moveCustomer,
  stageBoard,
  updateStage,
  BOARD_CARDS,
} from '../../crm/stages.ts';
import { visibleConversationsOfCustomer } from '../../inbox/conversations.ts';
import { announceFollowUps, followUpsOnStageMove } from '../../automation/followUps.ts';
import { translate } from '../../i18n/translate.ts';
import { ActError } from '../ActError.ts';
import type { ActContext } from '../context.ts';
import { inProject } from '../context.ts';
import type { ActHandlers } from '../registry.ts';
import { scopeOf } from './inbox.ts';

const nameTaken = (ctx: ActContext) =>
  new ActError('invalid_input', { errors: { name: translate(ctx.locale, 'field.stage_name_taken') } });

/**
 * May the caller work on this customer? With `boardKey` (`crm.stage.view` / `crm.stage.edit`) any
 * customer of the project; otherwise one they see in a conversation. Else `not_found`.
 */
async function reachableCustomer(
  ctx: ActContext,
  customerId: string,
  boardKey: 'crm.stage.view' | 'crm.stage.edit',
): Promise<void> {
  const membership = inProject(ctx);
  const reachable = can(membership.permissions, boardKey)
    ? await customerOfProject(ctx.services.db, membership.project.id, customerId)
    : (await visibleConversationsOfCustomer(ctx.services.db, scopeOf(ctx), customerId)).length > 0;
  if (!reachable) throw new ActError('not_found');
}

export const stageHandlers = {
  async stage_list(input, ctx) {
    const { project } = inProject(ctx);
    return listStages(ctx.services.db, project.id, {
      page: input.page ?? 0,
      search: input.search ?? '',
      all: input.all ?? false,
    });
  },

  async stage_create(input, ctx) {
    const { project } = inProject(ctx);
    const stage = await createStage(ctx.services.db, {
      projectId: project.id,
      name: input.name,
      color: input.color,
      now: ctx.now,
    });
    if (stage === null) throw nameTaken(ctx);
    return stage;
  },

  async stage_update(input, ctx) {
    const { project } = inProject(ctx);
    const stage = await updateStage(ctx.services.db, project.id, input.id, {
      name: input.name,
      color: input.color,
      position: input.position,
    });
    if (stage === 'taken') throw nameTaken(ctx);
    if (stage === null) throw new ActError('not_found');
    return stage;
  },

  async stage_delete(input, ctx) {
    const { project } = inProject(ctx);
    if (!(await deleteStage(ctx.services.db, project.id, input.id))) throw new ActError('not_found');
    return { id: input.id };
  },

  async stage_board(input, ctx) {
    const { project, permissions } = inProject(ctx);
    return stageBoard(ctx.services.db, project.id, {
      limit: input.limit ?? BOARD_CARDS,
      search: input.search ?? '',
      seesPhones: can(permissions, 'crm.chat.show_user_contact_detail'),
    });
  },

  async customer_stage_get(input, ctx) {
    await reachableCustomer(ctx, input.customerId, 'crm.stage.view');
    return customerStage(ctx.services.db, input.customerId);
  },

  async customer_stage_set(input, ctx) {
    const { project, userId } = inProject(ctx);
    await reachableCustomer(ctx, input.customerId, 'crm.stage.edit');
    // Follow-ups count from stages: their runs stop and start in the move's transaction.
    let followUps: string[] = [];
    const moved = await ctx.services.db.transaction(async (tx) => {
      const outcome = await moveCustomer(tx, {
        projectId: project.id,
        customerId: input.customerId,
        stageId: input.stageId,
        userId,
        now: ctx.now,
      });
      if (outcome === 'moved') {
        followUps = await followUpsOnStageMove(tx, {
          projectId: project.id,
          customerId: input.customerId,
          stageId: input.stageId,
          ruleId: null,
          now: ctx.now,
        });
      }
      return outcome;
    });
    if (moved === 'no_stage') throw new ActError('not_found');
    await announceFollowUps(ctx.services, project.key, followUps);
    const answer = await customerStage(ctx.services.db, input.customerId);
    if (moved === 'moved') {
      ctx.services.publisher.toProject(project.key, 'customer.stage', {
        key: project.key,
        customerId: input.customerId,
        stage: answer.stage,
      });
    }
    return answer;
  },
} satisfies Pick<
  ActHandlers,
  | 'stage_list'
  | 'stage_create'
  | 'stage_update'
  | 'stage_delete'
  | 'stage_board'
  | 'customer_stage_get'
  | 'customer_stage_set'
>;
