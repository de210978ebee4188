/**
 * Bulk history for an inbox: customers, one conversation each on an account, and their messages,
 * written set-based in one transaction. The plan (seedPlan.ts) travels as a few array parameters
 * and the scripts (scenarios.ts) as one JSON parameter; `generate_series` expands them into rows,
 * so 100,000 conversations take seconds, not hours. The demo seeds its few hundred customers with
 * it; benchmarks seed large inboxes.
 *
 * What it writes follows the inbox's rules: `seq` from 1 without gaps; customer messages
 * `delivered`, with a wamid; agent messages by `agentUserId`, with a wamid and a client id, `read`
 * once the customer wrote after them. A conversation's `last_seq`, `last_message`,
 * `last_message_at` and `last_inbound_at` are computed by the same SQL expressions as the
 * messages they describe, so they agree.
 *
 * Ids: a random prefix per call, then a counter in insertion order (shaped as version 4 UUIDs).
 * Indexes then grow at their right edge instead of at random places, which is most of the speed
 * on PGlite. They are not secret: every act checks access by project and conversation anyway.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { queryRows } from '../db/queryRows.ts';
import { SCENARIOS } from './scenarios.ts';
import { AD_REFERRAL, planConversations } from './seedPlan.ts';
import type { PlanOptions, SeedCustomer } from './seedPlan.ts';

export type { SeedCustomer } from './seedPlan.ts';

export interface SeedInboxOptions extends Partial<Omit<PlanOptions, 'now'>> {
  projectId: string;
  accountId: string;
  /** One conversation each, in this order (`longThreads` name customers by index in it). */
  customers: readonly SeedCustomer[];
  /** Who wrote the outbound messages; `assignedShare` of the conversations are assigned to them. */
  agentUserId: string;
  /** The end of the history (default: now). */
  now?: Date;
}

export interface SeedInboxResult {
  /** Conversations written; a customer who already has one on the account is left alone. */
  conversations: number;
  messages: number;
}

const DEFAULTS: Omit<PlanOptions, 'now'> = {
  seed: 1,
  messages: { min: 2, max: 9 },
  windowOpenShare: 0.05,
  unreadShare: 0.25,
  assignedShare: 0.3,
  longThreads: [],
};

/** Id kinds (the 3 hex digits after the version digit). */
const CUSTOMER = '001';
const CONVERSATION = '002';
const MESSAGE = '003';
const CLIENT_ID = '004';

/**
 * A column of the plan as one PostgreSQL array literal: one parameter for 100,000 values, and
 * far cheaper to parse than the same rows as JSON.
 */
const intArray = (values: readonly number[]): string => `{${values.join(',')}}`;
const boolArray = (values: readonly boolean[]): string =>
  `{${values.map((value) => (value ? 't' : 'f')).join(',')}}`;
const textArray = (values: readonly string[]): string =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;

/** The scripts as rows, keyed `scenario * 1000 + step` (steps from 1). */
function scriptRows(): Record<string, unknown>[] {
  return SCENARIOS.flatMap((turns, scenario) =>
    turns.map((turn, index) => ({
      key: scenario * 1000 + index + 1,
      direction: turn.direction,
      type: turn.type,
      caption: turn.caption ?? null,
      name: turn.name ?? null,
      phone: turn.phone ?? null,
      reply: turn.reply === true,
    })),
  );
}

/**
 * Writes the history (see the file comment). Runs in a transaction of its own, or in a savepoint
 * when `db` is already a transaction.
 */
export async function seedInbox(db: Db, options: SeedInboxOptions): Promise<SeedInboxResult> {
  const settings: PlanOptions = {
    now: options.now ?? new Date(),
    seed: options.seed ?? DEFAULTS.seed,
    messages: options.messages ?? DEFAULTS.messages,
    windowOpenShare: options.windowOpenShare ?? DEFAULTS.windowOpenShare,
    unreadShare: options.unreadShare ?? DEFAULTS.unreadShare,
    assignedShare: options.assignedShare ?? DEFAULTS.assignedShare,
    longThreads: options.longThreads ?? DEFAULTS.longThreads,
  };
  const plan = planConversations(options.customers, settings);
  if (plan.length === 0) return { conversations: 0, messages: 0 };

  const prefix = randomBytes(6).toString('hex');
  const id = (kind: string, number: SQL): SQL =>
    sql`(${`${prefix}4${kind}8`} || lpad(to_hex(${number}), 15, '0'))::uuid`;
  // A stable non-negative pseudo-random number per value (sign bit masked off).
  const hash = (value: SQL): SQL =>
    sql`(hashint8extended(${value}, ${settings.seed}::bigint) & 9223372036854775807)`;
  // The script turn of message `seq` (the join condition on `sapa_seed_script t`).
  const turnOf = (seq: SQL): SQL => sql`t.key = p.scenario * 1000 + (${seq} - 1) % p.turns + 1`;
  // Message fields, shared by the messages and their conversation's summary.
  const caption = sql`replace(replace(t.caption, '{name}', split_part(p.name, ' ', 1)), '{resi}',
    'JP' || lpad((${hash(sql`p.i::bigint`)} % 10000000000)::text, 10, '0'))`;
  const status = (seq: SQL): SQL =>
    sql`case when t.direction = 'in' then 'delivered' when ${seq} < p.last_in_seq then 'read' else p.tail end`;
  // Under half a gap of jitter: later seqs are always later.
  const createdAt = (seq: SQL): SQL =>
    sql`to_timestamp((p.last_at - (p.n - ${seq}) * p.gap_ms
      + ${hash(sql`p.i::bigint * 1000003 + ${seq}`)} % greatest(p.gap_ms / 2, 1)) / 1000.0)`;

  return db.transaction(async (tx) => {
    await checkReferences(tx, options);
    const unchecked = await skipForeignKeyChecks(tx);
    await tx.execute(sql`drop table if exists pg_temp.sapa_seed_plan, pg_temp.sapa_seed_script`);
    // In phone order, with each conversation's first message number: ids, the phone indexes and
    // (conversation, seq) then all grow in the order rows are written.
    await tx.execute(sql`
      create temp table sapa_seed_plan on commit drop as
      select p.*, row_number() over w as k, sum(p.n) over w - p.n as first_message,
        ${id(CUSTOMER, sql`row_number() over w`)} as customer_id,
        ${id(CONVERSATION, sql`row_number() over w`)} as conversation_id
      from unnest(
        ${intArray(plan.map((row) => row.i))}::int[], ${textArray(plan.map((row) => row.phone))}::text[],
        ${textArray(plan.map((row) => row.name))}::text[], ${intArray(plan.map((row) => row.scenario))}::int[],
        ${intArray(plan.map((row) => row.turns))}::int[], ${intArray(plan.map((row) => row.n))}::int[],
        ${intArray(plan.map((row) => row.lastInSeq))}::int[], ${intArray(plan.map((row) => row.unread))}::int[],
        ${textArray(plan.map((row) => row.tail))}::text[], ${boolArray(plan.map((row) => row.assigned))}::boolean[],
        ${intArray(plan.map((row) => row.lastAt))}::bigint[], ${intArray(plan.map((row) => row.gapMs))}::bigint[],
        ${intArray(plan.map((row) => row.firstAt))}::bigint[], ${boolArray(plan.map((row) => row.fromAd))}::boolean[]
      ) as p(i, phone, name, scenario, turns, n, last_in_seq, unread, tail, assigned, last_at, gap_ms,
        first_at, from_ad)
      window w as (order by p.phone collate "C", p.i rows unbounded preceding)
      order by p.phone collate "C", p.i`);
    await tx.execute(sql`
      create temp table sapa_seed_script on commit drop as
      select * from jsonb_to_recordset(${JSON.stringify(scriptRows())}::jsonb) as t(
        key int, direction text, type text, caption text, name text, phone text, reply boolean)`);

    // Customers: new ones inserted; one whose phone the project knows already is reused.
    await tx.execute(sql`
      insert into customers (id, project_id, phone, name, wa_name, created_at)
      select p.customer_id, ${options.projectId}::uuid, p.phone, p.name, p.name, to_timestamp(p.first_at / 1000.0)
      from sapa_seed_plan p
      on conflict (project_id, phone) do nothing`);
    await tx.execute(sql`
      update sapa_seed_plan p set customer_id = c.id
      from customers c
      where c.project_id = ${options.projectId}::uuid and c.phone = p.phone and c.id <> p.customer_id`);

    // Conversations with their summary; a customer who has one on the account already keeps it.
    await tx.execute(sql`
      insert into conversations (id, project_id, account_id, customer_id, last_seq, last_message,
        last_message_at, last_inbound_at, unread, assigned_user_id, referral, created_at)
      select p.conversation_id, ${options.projectId}::uuid, ${options.accountId}::uuid, p.customer_id,
        p.n,
        jsonb_build_object('type', t.type, 'caption', ${caption}, 'filename', null, 'name', t.name,
          'direction', t.direction, 'status', ${status(sql`p.n`)}),
        ${createdAt(sql`p.n`)},
        ${createdAt(sql`p.last_in_seq`)},
        p.unread,
        case when p.assigned then ${options.agentUserId}::uuid end,
        case when p.from_ad then ${JSON.stringify(AD_REFERRAL)}::jsonb
          || jsonb_build_object('ctwaClid', 'Aff-' || md5(${prefix} || p.i::text)) end,
        to_timestamp(p.first_at / 1000.0)
      from sapa_seed_plan p
      join sapa_seed_script t on ${turnOf(sql`p.n`)}
      on conflict (account_id, customer_id) do nothing`);
    await tx.execute(sql`
      delete from sapa_seed_plan p
      where not exists (select 1 from conversations c where c.id = p.conversation_id)`);

    // Messages: seq 1..n of each conversation, turn (seq - 1) % turns of its script.
    const number = sql`(p.first_message + s.seq)`;
    await tx.execute(sql`
      insert into messages (id, conversation_id, seq, direction, wamid, client_id, type, caption,
        name, phone, reply_to, status, sender_user_id, created_at)
      select ${id(MESSAGE, number)}, p.conversation_id, s.seq, t.direction::message_direction,
        'wamid.sapa.' || ${prefix} || lpad(to_hex(${number}), 15, '0'),
        case when t.direction = 'out' then ${id(CLIENT_ID, number)} end,
        t.type, ${caption}, t.name, t.phone,
        case when t.reply and s.seq > 1 then ${id(MESSAGE, sql`${number} - 1`)} end,
        (${status(sql`s.seq`)})::message_status,
        case when t.direction = 'out' then ${options.agentUserId}::uuid end,
        ${createdAt(sql`s.seq`)}
      from sapa_seed_plan p
      cross join lateral generate_series(1, p.n) as s(seq)
      join sapa_seed_script t on ${turnOf(sql`s.seq`)}`);

    if (unchecked) await tx.execute(sql`set local session_replication_role = origin`);
    const [written] = await queryRows<{ conversations: number; messages: number }>(
      tx,
      sql`select count(*)::int as conversations, coalesce(sum(n), 0)::int as messages from sapa_seed_plan`,
    );
    return { conversations: written?.conversations ?? 0, messages: written?.messages ?? 0 };
  });
}

/** The rows every seeded row refers to must exist: the project, its account, the agent. */
async function checkReferences(tx: Db, options: SeedInboxOptions): Promise<void> {
  const [found] = await queryRows<{ account: boolean; agent: boolean }>(
    tx,
    sql`select
      exists (select 1 from wa_accounts where id = ${options.accountId}::uuid and project_id = ${options.projectId}::uuid) as account,
      exists (select 1 from users where id = ${options.agentUserId}::uuid) as agent`,
  );
  if (found?.account !== true) throw new Error("seedInbox: the account is not one of the project's");
  if (found.agent !== true) throw new Error('seedInbox: no such agent user');
}

/**
 * Turns off the foreign-key checks for the rest of the transaction, as `pg_restore
 * --disable-triggers` does: each check is a row lock on the referenced row, about half the time
 * of a large seed on PGlite, and every reference here is known to hold (`checkReferences`, ids
 * made in this transaction). Only when the tables have no triggers of their own (a future one
 * must not be skipped silently) and only where allowed (superuser; PGlite always): otherwise the
 * checks stay on and the seed is just slower. `true` when turned off; the caller turns them back on.
 */
async function skipForeignKeyChecks(tx: Db): Promise<boolean> {
  const [own] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from pg_trigger
      where not tgisinternal and tgrelid in ('customers'::regclass, 'conversations'::regclass, 'messages'::regclass)`,
  );
  if (own === undefined || own.count > 0) return false;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql`set local session_replication_role = replica`);
    });
    return true;
  } catch {
    return false;
  }
}
