/**
 * Automation end to end (issue 18), on one owner, one number and a simulator of eight customers,
 * the rules of the demo's four kinds switched on one after the other in one project:
 * - out of hours (the project closed every day), a greeting made on `/crm/auto-reply` reaches a new
 *   customer once; their second message within the quiet period gets nothing (logged as skipped);
 * - "harga" puts three customers' conversations in Sales, and each to one of Sales's two online
 *   agents by round robin (the third member, offline, gets none);
 * - "transfer" moves a customer into the stage "Bayar" while the owner watches the board;
 * - a follow-up step due 2 minutes after a customer's silence reaches the simulator once the
 *   server's clock moves past it (the harness's `/clock/advance`), and a customer who wrote again
 *   first gets none.
 */
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import type { AutomationActivity } from '../packages/sdk/src/contract/automationActs.ts';
import type { AutomationRuleDraft } from '../packages/sdk/src/contract/automationTypes.ts';
import type { ConversationSummary } from '../packages/sdk/src/contract/chatTypes.ts';
import { advanceClock, onlineUsers, resetClock, simulatorFor } from './control.ts';
import type { E2eSimulator, SimulatedCustomer } from './control.ts';
import { CHAT_AGENT, colleague, data, openShop } from './shop.ts';
import type { Shop } from './shop.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const GREETING = 'Halo kak, kami sedang di luar jam kerja. Pesan kakak kami balas begitu buka ya.';
const FOLLOW_UP = 'Kak, ada lagi yang mau ditanyakan soal harganya?';
const MINUTE_MS = 60_000;

let context: BrowserContext;
let page: Page;
let shop: Shop;
let simulator: E2eSimulator;
/** Sales's members: two with the app open, one who closed it. */
const agents: { id: string; name: string; context: BrowserContext }[] = [];
let salesId = '';

const digits = (phone: string) => phone.replace(/\D/g, '');

function customer(index: number): SimulatedCustomer {
  const found = simulator.customers[index];
  if (found === undefined) throw new Error(`no simulated customer ${index}`);
  return found;
}

/** The texts the number sent to `who`, as the simulated Graph API accepted them. */
async function textsTo(who: SimulatedCustomer): Promise<string[]> {
  return (await simulator.sent())
    .filter(
      (record) =>
        record.method === 'POST' &&
        record.path.endsWith('/messages') &&
        record.status < 300 &&
        record.body?.type === 'text' &&
        digits(record.body.to ?? '') === digits(who.phone),
    )
    .map((record) => record.body?.text?.body ?? '');
}

async function conversationOf(who: SimulatedCustomer): Promise<ConversationSummary> {
  return data<ConversationSummary>(page, 'conversation_find', { key: shop.key, receiver: who.phone });
}

async function activityOf(ruleId: string): Promise<AutomationActivity[]> {
  return data<AutomationActivity[]>(page, 'automation_activity_list', { key: shop.key, ruleId });
}

async function createRule(rule: AutomationRuleDraft): Promise<string> {
  return (await data<{ id: string }>(page, 'automation_rule_create', { key: shop.key, rule })).id;
}

/** Every day of the week closed, or open 00:00–23:00 (the latest closing the settings take). */
function everyDay(open: boolean) {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open, from: '00:00:00', to: '23:00:00' }));
}

/**
 * A time zone in which now (and the next minutes) falls within 00:00–23:00: UTC, unless it is
 * late there, then Jakarta (UTC+7, early morning).
 */
function zoneWellInsideTheDay(): string {
  return new Date().getUTCHours() >= 22 ? 'Asia/Jakarta' : 'UTC';
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  shop = await openShop(page);
  simulator = await simulatorFor(shop.accountId, 8);
  salesId = (
    await data<{ id: string }>(page, 'division_create', { key: shop.key, name: 'Sales', color: '#1e88e5' })
  ).id;

  // Three agents in Sales, each in a browser of their own on the inbox; the third then closes it.
  for (let n = 0; n < 3; n += 1) {
    const agent = await colleague(browser, shop.key, CHAT_AGENT);
    const [option] = (
      await data<{ id: string; name: string }[]>(page, 'division_member_options', {
        key: shop.key,
        divisionId: salesId,
      })
    ).filter((member) => member.name === agent.user.name);
    if (option === undefined) throw new Error(`${agent.user.name} is not offered for Sales`);
    await data(page, 'division_member_set', {
      key: shop.key,
      divisionId: salesId,
      userId: option.id,
      member: true,
    });
    await agent.page.goto(`/crm/chat/${shop.key}`);
    await expect(agent.page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
    agents.push({ id: option.id, name: agent.user.name, context: agent.context });
  }
  const ids = agents.map((agent) => agent.id);
  // All three are online (their sockets are up) before the third leaves; the server then notices
  // the closed browser at once over a WebSocket, or within socket.io's ping interval and timeout
  // (25 s + 20 s) when its socket was still polling.
  await expect.poll(async () => (await onlineUsers(ids)).sort()).toEqual([...ids].sort());
  await agents[2]?.context.close();
  await expect
    .poll(async () => (await onlineUsers(ids)).sort(), { timeout: 60_000 })
    .toEqual(ids.slice(0, 2).sort());
});

test.afterAll(async () => {
  // The specs after this one run on the wall clock again.
  await resetClock();
  for (const agent of agents.slice(0, 2)) await agent.context.close();
  await context.close();
});

test('out of hours, a new customer gets the greeting made on the auto-reply screen once, not again within its quiet period', async () => {
  await data(page, 'project_update', { key: shop.key, workingHours: everyDay(false) });

  await page.goto(`/crm/auto-reply/${shop.key}`);
  await page.getByTestId('rule-add').click();
  const editor = page.getByTestId('rule-editor');
  await editor.getByRole('textbox', { name: 'Nama aturan' }).fill('Salam di luar jam kerja');
  await editor.getByTestId('rule-trigger-kind').click();
  await page.getByRole('option', { name: 'Pesan di luar jam kerja' }).click();
  await expect(editor.getByTestId('rule-trigger-kind')).toContainText('Pesan di luar jam kerja');
  await editor.getByRole('textbox', { name: 'Pesan', exact: true }).fill(GREETING);
  await editor.getByTestId('rule-editor-save').click();
  await expect(page.getByText('Aturan Salam di luar jam kerja ditambahkan.')).toBeVisible();
  await expect(page.getByTestId('rule-name')).toHaveText(['Salam di luar jam kerja']);
  const [rule] = await data<{ id: string; quietPeriodMinutes: number }[]>(page, 'automation_rule_list', {
    key: shop.key,
    kind: 'auto_reply',
  });
  expect(rule?.quietPeriodMinutes).toBe(60);
  const ruleId = rule?.id ?? '';

  const newcomer = customer(0);
  expect((await simulator.write(0, 'Halo kak, batik tulisnya masih ada?')).delivered).toBe(true);
  await expect.poll(() => textsTo(newcomer)).toEqual([GREETING]);

  // A second message within the quiet period: judged (and logged as skipped), nothing sent.
  expect((await simulator.write(0, 'Yang warna biru ya kak')).delivered).toBe(true);
  await expect
    .poll(async () => (await activityOf(ruleId)).map((line) => [line.outcome, line.reason]).sort())
    .toEqual([
      ['fired', null],
      ['skipped', 'quiet_period'],
    ]);
  expect(await textsTo(newcomer)).toEqual([GREETING]);

  // The thread shows the greeting as the rule's.
  await page.goto(`/crm/chat/${shop.key}/${digits(newcomer.phone)}`);
  await expect(page.getByText(GREETING)).toBeVisible();
  await expect(page.getByText('Otomatis · Salam di luar jam kerja')).toBeVisible();
});

test('"harga" puts three conversations in Sales, each to its online agents by round robin', async () => {
  await createRule({
    kind: 'auto_division',
    name: 'Tanya harga ke Sales',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
    actions: [
      { kind: 'assign_division', divisionId: salesId },
      {
        kind: 'assign_agent',
        strategy: 'round_robin',
        userIds: [],
        fallbackUserId: null,
        reassignAfterMinutes: null,
      },
    ],
  });

  const assignees: (string | null)[] = [];
  for (const index of [1, 2, 3]) {
    const who = customer(index);
    expect((await simulator.write(index, `Kak, berapa harga kemeja batik ukuran L?`)).delivered).toBe(true);
    await expect
      .poll(async () => {
        const conversation = await conversationOf(who);
        return [conversation.division?.name ?? null, conversation.assignedTo !== null];
      })
      .toEqual(['Sales', true]);
    assignees.push((await conversationOf(who)).assignedTo);
  }
  const [first, second] = agents;
  // Both online agents in turn, then the first again; the offline one never.
  expect(new Set(assignees.slice(0, 2))).toEqual(new Set([first?.id, second?.id]));
  expect(assignees[2]).toBe(assignees[0]);
});

test('"transfer" moves the customer into "Bayar" while the owner watches the board', async () => {
  await data(page, 'stage_create', { key: shop.key, name: 'Penawaran', color: '#1e88e5' });
  const paid = await data<{ id: string }>(page, 'stage_create', {
    key: shop.key,
    name: 'Bayar',
    color: '#43a047',
  });
  await createRule({
    kind: 'auto_stage',
    name: 'Sudah transfer ke Bayar',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['transfer'] }],
    actions: [{ kind: 'set_stage', stageId: paid.id }],
  });
  const payer = customer(4);
  expect((await simulator.write(4, 'Kak, saya mau pesan 2 kodi')).delivered).toBe(true);
  await expect.poll(async () => (await conversationOf(payer)).id).not.toBe('');

  await page.goto(`/crm/stage/${shop.key}`);
  await page.getByRole('tab', { name: 'Papan' }).click();
  const column = (stageId: string) =>
    page.locator(`[data-testid="board-column"][data-stage-id="${stageId}"]`);
  const card = page.getByTestId('board-card').filter({ hasText: payer.name });
  await expect(column('').getByTestId('board-card').filter({ hasText: payer.name })).toHaveCount(1);
  await expect(column(paid.id).getByTestId('board-card')).toHaveCount(0);

  expect((await simulator.write(4, 'Sudah transfer ya kak, mohon dicek')).delivered).toBe(true);
  await expect(column(paid.id).getByTestId('board-card')).toHaveCount(1);
  await expect(column(paid.id).getByTestId('board-card')).toContainText(payer.name);
  await expect(column('').getByTestId('board-card').filter({ hasText: payer.name })).toHaveCount(0);
  await expect(card).toHaveCount(1);
});

test('a follow-up step 2 minutes after silence reaches the simulator, and a customer who wrote again first gets none', async () => {
  await data(page, 'project_update', {
    key: shop.key,
    timeZone: zoneWellInsideTheDay(),
    workingHours: everyDay(true),
  });
  await createRule({
    kind: 'follow_up',
    name: 'Tindak lanjut tanya harga',
    enabled: true,
    trigger: { kind: 'customer_message' },
    conditions: [{ kind: 'keyword', mode: 'contains', keywords: ['harga'] }],
    steps: [{ delay: { amount: 2, unit: 'minutes' }, message: { kind: 'send_text', text: FOLLOW_UP } }],
  });
  const silent = customer(5);
  const talker = customer(6);
  expect((await simulator.write(5, 'Harga sarimbit berapa kak?')).delivered).toBe(true);
  expect((await simulator.write(6, 'Kalau harga grosir berapa kak?')).delivered).toBe(true);
  const runs = async (who: SimulatedCustomer) =>
    (
      await data<{ state: string; reason: string | null }[]>(page, 'follow_up_list', {
        key: shop.key,
        customerId: (await conversationOf(who)).customer.id,
      })
    ).map((run) => [run.state, run.reason]);
  await expect.poll(() => runs(silent)).toEqual([['pending', null]]);
  await expect.poll(() => runs(talker)).toEqual([['pending', null]]);

  // The talker writes again before the step is due (a few seconds on: WhatsApp's timestamps are
  // whole seconds, and a reply within the second of the question does not count as after it).
  await advanceClock(3_000);
  expect((await simulator.write(6, 'Oke kak, saya pikir-pikir dulu')).delivered).toBe(true);
  await expect.poll(() => runs(talker)).toEqual([['stopped', 'customer_replied']]);

  // Half a minute on, nothing is due yet (the harness runs the due jobs before it answers).
  await advanceClock(MINUTE_MS / 2);
  expect(await textsTo(silent)).toEqual([]);
  await expect.poll(() => runs(silent)).toEqual([['pending', null]]);
  // Past the 2 minutes: the step reaches the simulator, once, and the run is done.
  await advanceClock(MINUTE_MS + MINUTE_MS / 2);
  await expect.poll(() => textsTo(silent)).toEqual([FOLLOW_UP]);
  await expect.poll(() => runs(silent)).toEqual([['done', null]]);
  expect(await textsTo(talker)).toEqual([]);
});
