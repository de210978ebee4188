/**
 * Broadcast acts (issue 17, `/crm/broadcast/{key}`, `crm.broadcast.*`): compose (preview, create,
 * edit while scheduled), control (pause, resume, cancel, retry: the sending engine's control.ts,
 * and delete) and results (list, detail, recipients, CSV). Access comes from the contract.
 *
 * A compose is checked before anything is stored, every problem answered at once as
 * `invalid_input` with its field's path (`accountId`, `templateId`, `values.body.0.value`,
 * `values.headerMediaId`, `scheduledAt`, `audience`, `audience.csv`), so the composer shows each
 * where it belongs. A create stores the broadcast and queues its start in one transaction; the
 * same `clientId` again answers the broadcast it made. Every change is announced once it has
 * committed: `broadcast.updated` (or `broadcast.deleted`) to the members who see broadcasts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { inProject, signedIn } from '../acts/context.ts';
import type { ActContext } from '../acts/context.ts';
import { ActError } from '../acts/ActError.ts';
import type { ActHandlers } from '../acts/registry.ts';
import { publishBillingChanges } from '../billing/announce.ts';
import type { Db } from '../db/openDatabase.ts';
import { broadcasts, waAccounts } from '../db/schema.ts';
import type { AccountRow, BroadcastRow, MediaRow, TemplateRow } from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import type { MessageKey, MessageParams } from '../i18n/translate.ts';
import { fitsHeader, templateOfAccount } from '../inbox/templateSends.ts';
import {
  BROADCAST_SCHEDULE_MAX_DAYS,
  broadcastScheduleProblem,
  broadcastValueProblems,
  can,
} from '../sdk.ts';
import type {
  BroadcastAudience,
  BroadcastDetail,
  BroadcastPreview,
  BroadcastValues,
  RecipientState,
} from '../sdk.ts';
import { announceBroadcast, broadcastDeleted } from './announce.ts';
import { cancelBroadcast, pauseBroadcast, resumeBroadcast, retryBroadcast } from './control.ts';
import type { BroadcastControl, BroadcastTarget } from './control.ts';
import { previewBroadcast } from './preview.ts';
import { RECIPIENTS_EXPORT_MAX_ROWS, recipientsCsv } from './recipientsCsv.ts';
import { enqueueBroadcastStart } from './lifecycle.ts';
import { broadcastDetail, listBroadcasts, recipientPage, recipientRows } from './views.ts';
import type { RecipientView } from './views.ts';
import { AUDIENCE_CSV_MAX_ROWS } from './csvPhones.ts';

type BroadcastActs =
  | 'broadcast_list'
  | 'broadcast_get'
  | 'broadcast_preview'
  | 'broadcast_create'
  | 'broadcast_update'
  | 'broadcast_pause'
  | 'broadcast_resume'
  | 'broadcast_cancel'
  | 'broadcast_retry'
  | 'broadcast_delete'
  | 'broadcast_recipients'
  | 'broadcast_export';

/** Field texts gathered while checking a compose: the first per field. */
class FieldErrors {
  readonly #errors: Record<string, string> = {};
  constructor(private readonly ctx: ActContext) {}

  add(field: string, key: MessageKey, params: MessageParams = {}): void {
    this.#errors[field] ??= translate(this.ctx.locale, key, params);
  }

  get empty(): boolean {
    return Object.keys(this.#errors).length === 0;
  }

  /** Throws `invalid_input` with the texts gathered, if any. */
  check(): void {
    if (!this.empty) throw new ActError('invalid_input', { errors: { ...this.#errors } });
  }
}

const pricesOf = (ctx: ActContext) => ctx.services.config.billing.prices;

function viewOf(ctx: ActContext): RecipientView {
  return { seesContactDetail: can(inProject(ctx).permissions, 'crm.chat.show_user_contact_detail') };
}

function conflict(msgKey: MessageKey): ActError {
  return new ActError('conflict', { msgKey });
}

/** A broadcast of the caller's project, or `not_found` (none, or another project's). */
async function broadcastOf(ctx: ActContext, id: string): Promise<BroadcastRow> {
  const { project } = inProject(ctx);
  const [row] = await ctx.services.db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.projectId, project.id)))
    .limit(1);
  if (row === undefined) throw new ActError('not_found');
  return row;
}

/** The broadcast as the detail page shows it now. */
async function detailOf(ctx: ActContext, id: string): Promise<BroadcastDetail> {
  const detail = await broadcastDetail(ctx.services.db, inProject(ctx).project.id, id);
  if (detail === null) throw new ActError('not_found');
  return detail;
}

/** Announces the broadcast as it is now (after its change committed), and answers its detail. */
async function changed(ctx: ActContext, id: string): Promise<BroadcastDetail> {
  await announceBroadcast({ ...ctx.services, log: ctx.log }, id);
  return detailOf(ctx, id);
}

/** A number of the project that can send: else a text on `accountId`. */
async function accountToSend(
  ctx: ActContext,
  accountId: string,
  errors: FieldErrors,
): Promise<AccountRow | null> {
  const [account] = await ctx.services.db
    .select()
    .from(waAccounts)
    .where(and(eq(waAccounts.id, accountId), eq(waAccounts.projectId, inProject(ctx).project.id)))
    .limit(1);
  if (account === undefined) {
    errors.add('accountId', 'field.invalid');
    return null;
  }
  if (account.deletedAt !== null || account.status === 'logged_out') {
    errors.add('accountId', 'field.broadcast_account_unavailable');
    return null;
  }
  return account;
}

/** One of the number's approved templates: else a text on `templateId`. */
async function approvedTemplate(
  ctx: ActContext,
  account: AccountRow,
  templateId: string,
  errors: FieldErrors,
): Promise<TemplateRow | null> {
  const template = await templateOfAccount(
    ctx.services.db,
    inProject(ctx).project.id,
    account.wabaId,
    templateId,
  );
  if (template === null) {
    errors.add('templateId', 'field.broadcast_template_unknown');
    return null;
  }
  if (template.status !== 'APPROVED') {
    errors.add('templateId', 'error.template_not_approved');
    return null;
  }
  return template;
}

/** The values' problems, and a media header's file: a stored file of the project of the header's kind. */
async function checkValues(
  ctx: ActContext,
  template: TemplateRow,
  values: BroadcastValues,
  errors: FieldErrors,
): Promise<MediaRow | null> {
  for (const problem of broadcastValueProblems(template.content, values)) {
    errors.add(['values', ...problem.path].join('.'), problem.key, problem.params);
  }
  const header = template.content.header;
  if (header === null || header.format === 'TEXT' || values.headerMediaId === undefined) return null;
  const file = await ctx.services.media.find(inProject(ctx).project.id, values.headerMediaId);
  if (file === null || file.status !== 'stored' || !fitsHeader(header.format, file)) {
    errors.add('values.headerMediaId', 'field.invalid');
    return null;
  }
  return file;
}

/**
 * When a broadcast asked to start at `scheduledAt` (ISO; `null`: now) starts, or why it cannot
 * (the SDK's `broadcastScheduleProblem`): a time within the last minute starts now.
 */
function startTime(scheduledAt: string | null, now: Date): Date | 'past' | 'far' {
  if (scheduledAt === null) return now;
  const problem = broadcastScheduleProblem(scheduledAt, now);
  if (problem !== null) return problem;
  const at = new Date(scheduledAt);
  return at.getTime() < now.getTime() ? now : at;
}

/** What a broadcast is composed of, as the contract takes it. */
interface Compose {
  name: string;
  accountId: string;
  templateId: string;
  values: BroadcastValues;
  audience: BroadcastAudience;
  scheduledAt: string | null;
}

/** A compose checked: what it stores. */
interface Composed {
  account: AccountRow;
  template: TemplateRow;
  file: MediaRow | null;
  scheduledAt: Date;
  preview: BroadcastPreview;
}

/** Checks a compose (see the file comment): every problem at once, or what it stores. */
async function checkCompose(ctx: ActContext, input: Compose): Promise<Composed> {
  const { project } = inProject(ctx);
  const errors = new FieldErrors(ctx);
  const account = await accountToSend(ctx, input.accountId, errors);
  const template = account === null ? null : await approvedTemplate(ctx, account, input.templateId, errors);
  const file = template === null ? null : await checkValues(ctx, template, input.values, errors);
  const scheduledAt = startTime(input.scheduledAt, ctx.now);
  if (scheduledAt === 'past') errors.add('scheduledAt', 'field.broadcast_schedule_past');
  if (scheduledAt === 'far') {
    errors.add('scheduledAt', 'field.broadcast_schedule_far', { days: BROADCAST_SCHEDULE_MAX_DAYS });
  }
  const preview = await previewBroadcast(ctx.services.db, {
    project,
    category: template?.category ?? 'MARKETING',
    audience: input.audience,
    prices: pricesOf(ctx),
    now: ctx.now,
  });
  if (preview.tooMany) {
    errors.add('audience.csv', 'field.broadcast_csv_too_many', { max: AUDIENCE_CSV_MAX_ROWS });
  } else if (preview.recipients === 0) {
    errors.add('audience', 'field.broadcast_audience_empty');
  }
  errors.check();
  if (account === null || template === null || !(scheduledAt instanceof Date)) {
    throw new Error('a compose without problems lacks its number, template or time');
  }
  return { account, template, file, scheduledAt, preview: withoutTooMany(preview) };
}

function withoutTooMany(preview: BroadcastPreview & { tooMany: boolean }): BroadcastPreview {
  const { tooMany: _tooMany, ...rest } = preview;
  return rest;
}

/** What a compose stores on its broadcast row. */
function composedFields(input: Compose, composed: Composed, now: Date) {
  const { template } = composed;
  return {
    name: input.name,
    accountId: composed.account.id,
    templateId: template.id,
    template: { name: template.name, language: template.language, content: template.content },
    category: template.category,
    values: input.values,
    audience: input.audience,
    scheduledAt: composed.scheduledAt,
    estimated: composed.preview.recipients,
    perRecipient: composed.preview.perRecipient,
    updatedAt: now,
  };
}

/** A header file still temporary is kept for good once a broadcast uses it (as a sent message's is). */
async function keepFile(ctx: ActContext, file: MediaRow | null): Promise<void> {
  if (file === null || file.expiresAt === null) return;
  await ctx.services.media.claim(inProject(ctx).project.id, [file.id]);
}

async function byClientId(db: Db, projectId: string, clientId: string): Promise<BroadcastRow | null> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.projectId, projectId), eq(broadcasts.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

type Control = 'pause' | 'resume' | 'cancel' | 'retry';

/** The text of a control's `conflict`, by what was asked and the broadcast as it was. */
function conflictOf(control: Control, broadcast: BroadcastRow): ActError {
  const finished = broadcast.status === 'done' || broadcast.status === 'cancelled';
  switch (control) {
    case 'pause':
      return conflict(finished ? 'error.broadcast_finished' : 'error.broadcast_not_sending');
    case 'resume':
      if (broadcast.status !== 'paused') return conflict('error.broadcast_not_paused');
      return conflict(
        broadcast.pauseReason === 'template'
          ? 'error.broadcast_template_unavailable'
          : broadcast.pauseReason === 'account'
            ? 'error.broadcast_account_unavailable'
            : 'error.conflict',
      );
    case 'cancel':
      return conflict('error.broadcast_finished');
    case 'retry':
      return conflict('error.broadcast_nothing_to_retry');
  }
}

/**
 * Runs one of the engine's controls (control.ts) on a broadcast of the caller's project, its
 * refusals as the act's failures; once it committed: its refunds (a cancel's) announced to the
 * members who see billing, its pump woken, and the broadcast announced.
 */
async function control(
  ctx: ActContext,
  id: string,
  kind: Control,
  run: (target: BroadcastTarget) => Promise<BroadcastControl>,
): Promise<BroadcastDetail> {
  const broadcast = await broadcastOf(ctx, id);
  const result = await run({ projectId: broadcast.projectId, id: broadcast.id });
  if (!result.ok) {
    if (result.refusal === 'not_found') throw new ActError('not_found');
    if (result.refusal === 'insufficient_balance') throw new ActError('insufficient_balance');
    throw conflictOf(kind, broadcast);
  }
  await publishBillingChanges({ ...ctx.services, prices: pricesOf(ctx), log: ctx.log }, result.billing);
  ctx.services.jobs.kick();
  return changed(ctx, id);
}

export const broadcastHandlers = {
  async broadcast_list(input, ctx) {
    return listBroadcasts(ctx.services.db, inProject(ctx).project.id, input);
  },

  async broadcast_get(input, ctx) {
    return detailOf(ctx, input.id);
  },

  async broadcast_preview(input, ctx) {
    const { project } = inProject(ctx);
    const errors = new FieldErrors(ctx);
    const account = await accountToSend(ctx, input.accountId, errors);
    const template = account === null ? null : await approvedTemplate(ctx, account, input.templateId, errors);
    errors.check();
    const preview = await previewBroadcast(ctx.services.db, {
      project,
      category: template?.category ?? 'MARKETING',
      audience: input.audience,
      prices: pricesOf(ctx),
      now: ctx.now,
    });
    if (preview.tooMany) {
      errors.add('audience.csv', 'field.broadcast_csv_too_many', { max: AUDIENCE_CSV_MAX_ROWS });
      errors.check();
    }
    return withoutTooMany(preview);
  },

  async broadcast_create(input, ctx) {
    const { user } = signedIn(ctx);
    const { project } = inProject(ctx);
    const { db } = ctx.services;
    // Asked again (a retried request): the broadcast it made, as it is now.
    const made = await byClientId(db, project.id, input.clientId);
    if (made !== null) return detailOf(ctx, made.id);
    const composed = await checkCompose(ctx, input);
    await keepFile(ctx, composed.file);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(broadcasts)
        .values({
          id: randomUUID(),
          projectId: project.id,
          clientId: input.clientId,
          status: 'scheduled',
          createdBy: user.id,
          createdAt: ctx.now,
          ...composedFields(input, composed, ctx.now),
        })
        .onConflictDoNothing({ target: [broadcasts.projectId, broadcasts.clientId] })
        .returning();
      if (row === undefined) return null;
      await enqueueBroadcastStart(tx, row, ctx.now);
      return row.id;
    });
    // A concurrent request with the same client id stored it first: that one.
    if (id === null) {
      const other = await byClientId(db, project.id, input.clientId);
      if (other === null) throw new Error('a broadcast vanished under its client id');
      return detailOf(ctx, other.id);
    }
    ctx.services.jobs.kick();
    return changed(ctx, id);
  },

  async broadcast_update(input, ctx) {
    const current = await broadcastOf(ctx, input.id);
    if (current.status !== 'scheduled') throw conflict('error.broadcast_started');
    const composed = await checkCompose(ctx, input);
    await keepFile(ctx, composed.file);
    const updated = await ctx.services.db.transaction(async (tx) => {
      const [row] = await tx
        .update(broadcasts)
        .set(composedFields(input, composed, ctx.now))
        .where(and(eq(broadcasts.id, current.id), eq(broadcasts.status, 'scheduled')))
        .returning();
      if (row === undefined) return null;
      // A start moved earlier needs its own job; one moved later waits for its time.
      if (row.scheduledAt < current.scheduledAt) await enqueueBroadcastStart(tx, row, ctx.now);
      return row;
    });
    // It started between the check and the change.
    if (updated === null) throw conflict('error.broadcast_started');
    ctx.services.jobs.kick();
    return changed(ctx, updated.id);
  },

  async broadcast_pause(input, ctx) {
    return control(ctx, input.id, 'pause', (target) => pauseBroadcast(ctx.services.db, target, ctx.now));
  },

  async broadcast_resume(input, ctx) {
    return control(ctx, input.id, 'resume', (target) =>
      resumeBroadcast(ctx.services.db, target, ctx.now, pricesOf(ctx)),
    );
  },

  async broadcast_cancel(input, ctx) {
    return control(ctx, input.id, 'cancel', (target) => cancelBroadcast(ctx.services.db, target, ctx.now));
  },

  async broadcast_retry(input, ctx) {
    return control(ctx, input.id, 'retry', (target) => retryBroadcast(ctx.services.db, target, ctx.now));
  },

  async broadcast_delete(input, ctx) {
    const { project } = inProject(ctx);
    const current = await broadcastOf(ctx, input.id);
    const [deleted] = await ctx.services.db
      .delete(broadcasts)
      .where(
        and(
          eq(broadcasts.id, current.id),
          eq(broadcasts.projectId, project.id),
          ne(broadcasts.status, 'sending'),
        ),
      )
      .returning({ id: broadcasts.id });
    if (deleted === undefined) throw conflict('error.broadcast_sending');
    ctx.services.publisher.publish(broadcastDeleted(project.key, deleted.id));
    return { id: deleted.id };
  },

  async broadcast_recipients(input, ctx) {
    const broadcast = await broadcastOf(ctx, input.id);
    return recipientPage(ctx.services.db, broadcast.id, input, viewOf(ctx));
  },

  async broadcast_export(input, ctx) {
    const broadcast = await broadcastOf(ctx, input.id);
    const state: RecipientState | undefined = input.state;
    const recipients = await recipientRows(
      ctx.services.db,
      broadcast.id,
      state,
      viewOf(ctx),
      RECIPIENTS_EXPORT_MAX_ROWS,
    );
    return {
      filename: `broadcast-${fileSlug(broadcast.name)}-${ctx.now.toISOString().slice(0, 10)}.csv`,
      csv: recipientsCsv(recipients),
      rows: recipients.length,
    };
  },
} satisfies Pick<ActHandlers, BroadcastActs>;

/** A broadcast's name as part of a file name: lowercase letters, digits and dashes. */
function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? 'hasil' : slug;
}
