/**
 * Carrying out a fired rule's actions (issue 18), inside the transaction that records its
 * activity line: sends through `storeOutbound` (locked, idempotent by client id, charged to the
 * project's balance, the send job queued), the conversation's division, the customer's stage
 * (recorded "by automation") and labels. Each action answers an `AutomationActionResult`; an
 * action that cannot be done (a row gone, the window closed meanwhile, the balance short) fails
 * alone, and the others still run. `assign_agent` picks an online member (assignAgent.ts);
 * `notify` collects its notes, sent once the transaction committed (`Carried.notices`). A label
 * added or a stage entered queues its `automation.event` (eventQueue.ts) one step deeper.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { customerLabels, labels, media, waAccounts } from '../db/schema.ts';
import type { ConversationRow, CustomerRow, MessageRow } from '../db/schema.ts';
import { moveCustomer } from '../crm/stages.ts';
import { followUpsOnStageMove } from './followUps.ts';
import { OutboundRefused, storeOutbound } from '../inbox/messages.ts';
import type { NewOutbound } from '../inbox/messages.ts';
import { fileMessageType } from '../inbox/messageContent.ts';
import {
  checkTemplateValues,
  fitsHeader,
  templateMessage,
  templateOfAccount,
} from '../inbox/templateSends.ts';
import type { TemplateJob } from '../inbox/templateSends.ts';
import { uuidV5 } from '../broadcasts/sendKey.ts';
import { fillQuickReply, renderBroadcastValues } from '../sdk.ts';
import type { AutomationAction, AutomationActionResult, AutomationFailureReason, PriceRow } from '../sdk.ts';
import type { BillingChange } from '../billing/charges.ts';
import type { NotifyInput } from '../notifications/notify.ts';
import { assignAgent, assignedNotice, noticeOf } from './assignAgent.ts';
import { queueAutomationEvent } from './eventQueue.ts';

/** The namespace of automation's send keys (a random uuid, fixed once). */
const NAMESPACE = '3b0f8c52-6a4e-4d1f-b7a9-5e2c81d0f6a3';

/** The client id of a rule's send: a name-based uuid of its event key and the action's place. */
export function automationClientId(eventKey: string, index: number): string {
  return uuidV5(`${eventKey}:${index}`, NAMESPACE);
}

/** Who and what a rule acts on. */
export interface Target {
  projectId: string;
  ruleId: string;
  eventKey: string;
  conversation: ConversationRow;
  customer: CustomerRow;
  now: Date;
  prices: readonly PriceRow[];
  /**
   * How deep in a chain of rules the event that set this rule off is (`EventCause.depth`): 0 for
   * a customer's message or a timer; a label or stage this rule sets is one step deeper.
   */
  depth?: number;
}

/** What carrying a rule out changed, to announce once committed. */
export interface Carried {
  results: AutomationActionResult[];
  /** Messages it stored (new ones only), with their charges. */
  sent: MessageRow[];
  charges: (BillingChange | null)[];
  /** The conversation's summary changed (division, stage, label, a send). */
  changed: boolean;
  /** A stage move stopped or started follow-up runs (`follow_up.changed`, src/automation/followUps.ts). */
  followUpsChanged?: boolean;
  /** It moved the customer to another stage (`customer.stage`: the board and the customer panel follow). */
  stageMoved?: boolean;
  /** Notes for members (`notify`), sent after the commit (src/automation/afterCommit.ts). */
  notices?: NotifyInput[];
  /** Agents the conversation was taken from (`assign_agent`): told in their own room. */
  unassigned?: string[];
}

const result = (
  action: AutomationAction,
  status: AutomationActionResult['status'],
  targetId: string | null = null,
  reason: AutomationFailureReason | null = null,
): AutomationActionResult => ({ kind: action.kind, status, reason, targetId });

const REFUSALS: Record<OutboundRefused['reason'], AutomationFailureReason> = {
  window_closed: 'window_closed',
  insufficient_balance: 'insufficient_balance',
  account_deleted: 'account_unavailable',
};

/** What is sent for a send action, or why it cannot be. */
async function outboundOf(
  tx: Db,
  target: Target,
  action: Extract<AutomationAction, { kind: 'send_text' | 'send_media' | 'send_template' }>,
): Promise<
  | {
      content: Omit<NewOutbound, 'clientId' | 'replyTo' | 'senderUserId' | 'createdAt'>;
      job: { template?: TemplateJob };
    }
  | AutomationFailureReason
> {
  const { customer } = target;
  const plain = { url: null, mediaId: null, filename: null, name: null, phone: null, mediaFileId: null };
  if (action.kind === 'send_text') {
    return {
      content: {
        ...plain,
        type: 'text',
        caption: fillQuickReply(action.text, { nama: customer.name, nomor: customer.phone }),
      },
      job: {},
    };
  }
  if (action.kind === 'send_media') {
    const [file] = await tx
      .select()
      .from(media)
      .where(
        and(
          eq(media.projectId, target.projectId),
          eq(media.id, action.galleryItemId),
          eq(media.inGallery, true),
          eq(media.status, 'stored'),
        ),
      )
      .limit(1);
    if (file === undefined) return 'media_unavailable';
    const caption = fillQuickReply(action.caption, { nama: customer.name, nomor: customer.phone });
    return {
      content: {
        ...plain,
        type: fileMessageType(file.type),
        caption: caption === '' ? null : caption,
        mediaFileId: file.id,
        filename: file.filename,
      },
      job: {},
    };
  }
  const [account] = await tx
    .select({ wabaId: waAccounts.wabaId })
    .from(waAccounts)
    .where(eq(waAccounts.id, target.conversation.accountId))
    .limit(1);
  const template = await templateOfAccount(tx, target.projectId, account?.wabaId ?? null, action.templateId);
  if (template === null || template.status !== 'APPROVED') return 'template_unavailable';
  const rendered = renderBroadcastValues(action.values, customer);
  const { values, problems } = checkTemplateValues(template, rendered, {
    name: customer.name,
    phone: customer.phone,
    agent: undefined,
    customFields: customer.customFields,
  });
  if (problems.length > 0) return 'template_unavailable';
  const header = template.content.header;
  let file = null;
  if (header !== null && header.format !== 'TEXT' && values.headerMediaId !== undefined) {
    const [found] = await tx
      .select()
      .from(media)
      .where(and(eq(media.projectId, target.projectId), eq(media.id, values.headerMediaId)))
      .limit(1);
    if (found === undefined || found.status !== 'stored' || !fitsHeader(header.format, found)) {
      return 'media_unavailable';
    }
    file = found;
  }
  const prepared = templateMessage(template, values, file);
  return { content: prepared.content, job: { template: prepared.job } };
}

/**
 * Sends one message of a rule (its `index` among the rule's actions keys it; a follow-up's step
 * index, with the event key `follow_up:<runId>`).
 */
export async function sendAction(
  tx: Db,
  target: Target,
  action: Extract<AutomationAction, { kind: 'send_text' | 'send_media' | 'send_template' }>,
  index: number,
  carried: Carried,
): Promise<AutomationActionResult> {
  const outbound = await outboundOf(tx, target, action);
  if (typeof outbound === 'string') return result(action, 'failed', null, outbound);
  try {
    const stored = await storeOutbound(
      tx,
      target.conversation.id,
      {
        ...outbound.content,
        clientId: automationClientId(target.eventKey, index),
        replyTo: null,
        senderUserId: null,
        automationRuleId: target.ruleId,
        createdAt: target.now,
      },
      outbound.job,
      target.prices,
    );
    if (stored.conversation !== null) {
      carried.sent.push(stored.message);
      carried.charges.push(stored.charge);
      carried.changed = true;
    }
    return result(action, 'done', stored.message.id);
  } catch (error) {
    if (error instanceof OutboundRefused) return result(action, 'failed', null, REFUSALS[error.reason]);
    throw error;
  }
}

async function carryOne(
  tx: Db,
  target: Target,
  action: AutomationAction,
  index: number,
  carried: Carried,
): Promise<AutomationActionResult> {
  const { projectId, conversation, customer, now } = target;
  switch (action.kind) {
    case 'send_text':
    case 'send_media':
    case 'send_template':
      return sendAction(tx, target, action, index, carried);
    case 'assign_division': {
      // In one statement: the project's division (none: the action fails) and the move (already
      // there: done, and nothing to announce).
      const [outcome] = await queryRows<{ found: boolean; moved: boolean }>(
        tx,
        sql`WITH division AS (
          SELECT id FROM divisions WHERE project_id = ${projectId}::uuid AND id = ${action.divisionId}::uuid
        ), moved AS (
          UPDATE conversations SET division_id = division.id FROM division
          WHERE conversations.id = ${conversation.id}::uuid
            AND conversations.division_id IS DISTINCT FROM division.id
          RETURNING conversations.id
        )
        SELECT EXISTS (SELECT 1 FROM division) AS found, EXISTS (SELECT 1 FROM moved) AS moved`,
      );
      if (outcome?.found !== true) return result(action, 'failed');
      if (outcome.moved) carried.changed = true;
      return result(action, 'done', action.divisionId);
    }
    case 'set_stage': {
      const moved = await moveCustomer(tx, {
        projectId,
        customerId: customer.id,
        stageId: action.stageId,
        userId: null,
        ruleId: target.ruleId,
        depth: (target.depth ?? 0) + 1,
        now,
      });
      if (moved === 'no_stage') return result(action, 'failed');
      if (moved === 'moved') {
        carried.changed = true;
        carried.stageMoved = true;
      }
      // Follow-ups count from stages: the same transaction stops and starts their runs.
      if (moved === 'moved') {
        const touched = await followUpsOnStageMove(tx, {
          projectId,
          customerId: customer.id,
          stageId: action.stageId,
          ruleId: target.ruleId,
          depth: (target.depth ?? 0) + 1,
          now,
        });
        if (touched.length > 0) carried.followUpsChanged = true;
      }
      return result(action, 'done', action.stageId);
    }
    case 'add_label': {
      const [label] = await tx
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.projectId, projectId), eq(labels.id, action.labelId)))
        .limit(1);
      if (label === undefined) return result(action, 'failed');
      const added = await tx
        .insert(customerLabels)
        .values({ customerId: customer.id, labelId: label.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ labelId: customerLabels.labelId });
      if (added.length > 0) {
        carried.changed = true;
        const cause = { by: 'automation' as const, ruleId: target.ruleId, depth: (target.depth ?? 0) + 1 };
        await queueAutomationEvent(
          tx,
          { kind: 'label_added', customerId: customer.id, targetId: label.id, cause },
          now,
        );
      }
      return result(action, 'done', label.id);
    }
    case 'assign_agent': {
      const assigned = await assignAgent(tx, target, action);
      if (assigned.userId === null) return result(action, 'failed', null, 'no_agent');
      if (assigned.from !== assigned.userId) {
        carried.changed = true;
        if (assigned.from !== null) (carried.unassigned ??= []).push(assigned.from);
        (carried.notices ??= []).push(await assignedNotice(tx, target, assigned.userId));
      }
      return result(action, 'done', assigned.userId);
    }
    case 'notify': {
      const notice = await noticeOf(tx, target, action);
      if (notice === null) return result(action, 'failed', null, 'no_agent');
      (carried.notices ??= []).push(notice);
      return result(action, 'done');
    }
  }
}

/**
 * What carrying out actions that change nothing (the SDK's `changesNothing`: a division, stage or
 * label the conversation has already) records: each done, on what it names, as `carryOne` records
 * it when it finds the same.
 */
export function unchangedResults(actions: readonly AutomationAction[]): AutomationActionResult[] {
  return actions.map((action) => {
    switch (action.kind) {
      case 'assign_division':
        return result(action, 'done', action.divisionId);
      case 'set_stage':
        return result(action, 'done', action.stageId);
      case 'add_label':
        return result(action, 'done', action.labelId);
      default:
        throw new Error(`${action.kind} always acts`);
    }
  });
}

/** Carries out `actions` in order inside `tx` (the rule's transaction). */
export async function carryOut(
  tx: Db,
  target: Target,
  actions: readonly AutomationAction[],
): Promise<Carried> {
  const carried: Carried = { results: [], sent: [], charges: [], changed: false };
  for (const [index, action] of actions.entries()) {
    carried.results.push(await carryOne(tx, target, action, index, carried));
  }
  return carried;
}
