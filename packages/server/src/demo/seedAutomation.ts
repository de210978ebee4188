/**
 * The demo project's automation (issue 18): four rules switched on, so a newcomer sees the engine
 * at work while the simulator's customers write in (some ask the price, "harga", some say they have
 * paid, "transfer": scenarios.ts), and its activity log fills as they watch.
 *
 * - auto-reply "Salam di luar jam kerja": a greeting to a customer who writes while the project is
 *   closed (its working hours), at most once per conversation in 12 hours;
 * - auto-division "Tanya harga ke Sales": a message with "harga" goes to the Sales division, and to
 *   one of its members by round robin;
 * - auto-stage "Sudah transfer ke Bayar": a message with "transfer" moves the customer into the
 *   stage "Bayar";
 * - follow-up "Tindak lanjut tanya harga": after a message with "harga", a text 2 minutes later and
 *   the weekend promo template a day later (the 24-hour window has closed by then, so only a
 *   template may go), unless the customer writes in between.
 *
 * Each draft passes what `automation_rule_create` checks (the contract's draft field, then that it
 * names only the project's own rows) and is stored as that act stores it (`insertRule`). The Sales
 * division and the "Bayar" stage are made when the project lacks them (a demo made before them).
 * Made once per demo, under the demo's lock, and remembered in the demo setting
 * (`automationSeeded`): a restart, or a second process, adds nothing, and rules the team deleted
 * stay deleted.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { insertRule } from '../automation/rules.ts';
import { referenceProblems } from '../automation/references.ts';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { media, waTemplates } from '../db/schema.ts';
import type { MediaService } from '../media/mediaService.ts';
import { acts } from '../sdk.ts';
import type { AutomationRuleDraft } from '../sdk.ts';
import { readDemoSettings, writeDemoSettings } from './demoSettings.ts';
import { DEMO_LOCK } from './ensureDemo.ts';
import { DEMO_STAGES } from './seedCrm.ts';
import { DEMO_DIVISIONS } from './seedDivisions.ts';

export const DEMO_RULES = {
  greeting: 'Salam di luar jam kerja',
  price: 'Tanya harga ke Sales',
  paid: 'Sudah transfer ke Bayar',
  followUp: 'Tindak lanjut tanya harga',
} as const;

/** The stage a "transfer" moves a customer into, and the division "harga" goes to. */
const PAID_STAGE = 'Bayar';
const SALES = 'Sales';
/** The template of the follow-up's second step (demoTemplates.ts) and its discount. */
const PROMO_TEMPLATE = { name: 'promo_akhir_pekan', language: 'id', discount: '20%' } as const;

export interface DemoAutomationOptions {
  projectId: string;
  /** The demo number: the follow-up's template is its own. */
  accountId: string;
  userId: string;
  now: Date;
}

/** What the rules name: the Sales division, the "Bayar" stage, and the promo (null: not stored). */
interface RuleTargets {
  salesId: string;
  paidStageId: string;
  promo: { templateId: string; photoId: string } | null;
}

/** The demo's rules, as their editors would submit them. */
export function demoRuleDrafts(targets: RuleTargets): AutomationRuleDraft[] {
  const price: AutomationRuleDraft['conditions'][number] = {
    kind: 'keyword',
    mode: 'contains',
    keywords: ['harga'],
  };
  const followUpSteps: Extract<AutomationRuleDraft, { kind: 'follow_up' }>['steps'] = [
    {
      delay: { amount: 2, unit: 'minutes' },
      message: {
        kind: 'send_text',
        text: 'Kak {nama}, ada lagi yang mau ditanyakan soal harganya? Kalau sudah cocok, pesanannya bisa langsung kami proses hari ini 😊',
      },
    },
  ];
  if (targets.promo !== null) {
    followUpSteps.push({
      delay: { amount: 1, unit: 'days' },
      message: {
        kind: 'send_template',
        templateId: targets.promo.templateId,
        values: {
          body: [
            { source: 'name', value: '', fallback: 'Kak' },
            { source: 'fixed', value: PROMO_TEMPLATE.discount, fallback: '' },
          ],
          headerMediaId: targets.promo.photoId,
        },
      },
    });
  }
  return [
    {
      kind: 'auto_reply',
      name: DEMO_RULES.greeting,
      enabled: true,
      trigger: { kind: 'outside_working_hours' },
      conditions: [],
      actions: [
        {
          kind: 'send_text',
          text: 'Halo kak {nama}, terima kasih sudah menghubungi Toko Demo 🙏 Saat ini kami sedang di luar jam kerja. Pesan kakak akan kami balas begitu kami buka kembali ya.',
        },
      ],
      quietPeriodMinutes: 720,
    },
    {
      kind: 'auto_division',
      name: DEMO_RULES.price,
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [price],
      actions: [
        { kind: 'assign_division', divisionId: targets.salesId },
        // Among the online members of Sales (the division just assigned).
        {
          kind: 'assign_agent',
          strategy: 'round_robin',
          userIds: [],
          fallbackUserId: null,
          reassignAfterMinutes: null,
        },
      ],
    },
    {
      kind: 'auto_stage',
      name: DEMO_RULES.paid,
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['transfer'] }],
      actions: [{ kind: 'set_stage', stageId: targets.paidStageId }],
    },
    {
      kind: 'follow_up',
      name: DEMO_RULES.followUp,
      enabled: true,
      trigger: { kind: 'customer_message' },
      conditions: [price],
      steps: followUpSteps,
    },
  ];
}

/** The id of the project's row named `name` (any case) in `table`, made with `color` when missing. */
async function ensureNamed(
  tx: Db,
  table: 'divisions' | 'stages',
  row: { projectId: string; name: string; color: string; now: Date },
): Promise<string> {
  const find = async () =>
    (
      await queryRows<{ id: string }>(
        tx,
        sql`select id from ${sql.identifier(table)}
          where project_id = ${row.projectId}::uuid and lower(name) = lower(${row.name}) limit 1`,
      )
    )[0]?.id;
  const found = await find();
  if (found !== undefined) return found;
  if (table === 'stages') {
    // At the end of the board.
    await tx.execute(sql`insert into stages (id, project_id, name, color, position, created_at)
      select ${randomUUID()}::uuid, ${row.projectId}::uuid, ${row.name}, ${row.color},
        (select coalesce(max(position) + 1, 0) from stages where project_id = ${row.projectId}::uuid), ${row.now}
      on conflict do nothing`);
  } else {
    await tx.execute(sql`insert into divisions (id, project_id, name, color, created_at)
      values (${randomUUID()}::uuid, ${row.projectId}::uuid, ${row.name}, ${row.color}, ${row.now})
      on conflict do nothing`);
  }
  const made = await find();
  if (made === undefined) throw new Error(`the demo's ${table} "${row.name}" was not stored`);
  return made;
}

/** The promo template of the demo number and a gallery photo for its header, if both are stored. */
async function promoOf(tx: Db, options: DemoAutomationOptions): Promise<RuleTargets['promo']> {
  const [template] = await tx
    .select({ id: waTemplates.id })
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.projectId, options.projectId),
        eq(waTemplates.accountId, options.accountId),
        eq(waTemplates.name, PROMO_TEMPLATE.name),
        eq(waTemplates.language, PROMO_TEMPLATE.language),
      ),
    )
    .limit(1);
  const [photo] = await tx
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.projectId, options.projectId),
        eq(media.inGallery, true),
        eq(media.mimeType, 'image/jpeg'),
        eq(media.status, 'stored'),
      ),
    )
    .limit(1);
  return template === undefined || photo === undefined
    ? null
    : { templateId: template.id, photoId: photo.id };
}

/** The act's own check of a draft (`automationRuleDraftField`, through the contract). */
const ruleField = acts.automation_rule_create.input.shape.rule;

/**
 * Seeds the demo's rules (see the file comment); `seeded: false` when this demo has had them. Call
 * after the demo's templates are synced (startDemo), so the follow-up can name its template.
 */
export async function seedDemoAutomation(
  db: Db,
  files: Pick<MediaService, 'claim'>,
  options: DemoAutomationOptions,
): Promise<{ seeded: boolean; rules: number }> {
  const { projectId, userId, now } = options;
  const made = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    const settings = await readDemoSettings(tx);
    if (settings === null || settings.automationSeeded === true) return null;
    const sales = DEMO_DIVISIONS.find((division) => division.name === SALES);
    const paid = DEMO_STAGES.find((stage) => stage.name === PAID_STAGE);
    if (sales === undefined || paid === undefined) throw new Error('the demo has no Sales or Bayar');
    const targets: RuleTargets = {
      salesId: await ensureNamed(tx, 'divisions', { projectId, name: sales.name, color: sales.color, now }),
      paidStageId: await ensureNamed(tx, 'stages', { projectId, name: paid.name, color: paid.color, now }),
      promo: await promoOf(tx, options),
    };
    let rules = 0;
    const headerFiles: string[] = [];
    for (const draft of demoRuleDrafts(targets)) {
      const rule = ruleField.parse(draft);
      const checked = await referenceProblems(tx, projectId, rule);
      if (checked.problems.length > 0) {
        const paths = checked.problems.map((problem) => problem.path).join(', ');
        throw new Error(`the demo rule "${rule.name}" names rows the project lacks: ${paths}`);
      }
      // A project at the limit keeps its own rules; the demo adds no more.
      if ((await insertRule(tx, { projectId, draft: rule, userId, now })) === 'full') break;
      headerFiles.push(...checked.headerFiles);
      rules += 1;
    }
    await writeDemoSettings(tx, { ...settings, automationSeeded: true }, now);
    return { rules, headerFiles };
  });
  if (made === null) return { seeded: false, rules: 0 };
  // Kept for good, as the act keeps a rule's template header file (the photo is in the gallery already).
  await files.claim(projectId, made.headerFiles);
  return { seeded: true, rules: made.rules };
}
