/**
 * Broadcasts end to end (issue 17), on one owner, one number and a simulator of 31 customers who
 * have each written once; 30 of them carry the label "Pelanggan Setia", and one of those has a
 * number that is not on WhatsApp. The owner composes a broadcast of an approved marketing template
 * (Rp10.000 in the e2e harness's price table) in the composer, its {{1}} from each customer's name
 * and its audience by the label, and watches its page until the progress bar is full and the
 * counts reach read for all but the bad number, which fails with Meta's reason (131026). Then a
 * customer writes STOP: the customers table shows them opted out, and a second broadcast to the
 * label leaves them out (the composer says so), so the simulator got one template for them and two
 * for everyone else. The project's balance dropped by exactly what the broadcasts charged.
 */
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { templateCreateBody } from '../packages/sdk/src/templates/meta.ts';
import type { TemplateDraft } from '../packages/sdk/src/contract/templateTypes.ts';
import { fundProject, seedTemplate, simulatorFor } from './control.ts';
import type { E2eSimulator, SimulatedCustomer } from './control.ts';
import { data, openShop } from './shop.ts';
import type { Shop } from './shop.ts';

// Two compositions and their sends, watched to the end, take longer than a screen on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** A marketing template's price in the e2e harness (packages/server/test/e2e/harness.ts). */
const PRICE = 10_000;
const FUNDS = 1_000_000;
const LABEL = 'Pelanggan Setia';

const promo: TemplateDraft = {
  name: 'promo_lebaran',
  language: 'id',
  category: 'MARKETING',
  header: null,
  body: 'Halo {{1}}, diskon Lebaran 25% untuk semua batik tulis sampai Minggu.',
  // Not a `{nama}` placeholder: the composer starts {{1}} as fixed text and the owner picks the name.
  bodyExamples: ['Sari'],
  footer: null,
  buttons: [],
};

/** A template send as the simulated Graph API received it. */
interface TemplateSend {
  status: number;
  to: string;
  parameters: string[];
}

/** What `broadcast_get` says a broadcast cost so far (charges less refunds). */
interface BroadcastCost {
  charged: number;
}

interface CustomerRow {
  id: string;
  name: string;
  phone: string;
  conversationId: string | null;
  optedOutAt: string | null;
}

let context: BrowserContext;
let page: Page;
let shop: Shop;
let simulator: E2eSimulator;
/** The 30 customers carrying the label; the 31st does not. */
let labelled: SimulatedCustomer[] = [];
let outsider: SimulatedCustomer;
/** Sends to this one are accepted, then fail with 131026 (refunded). */
let badNumber: SimulatedCustomer;
/** Writes STOP after the first broadcast. */
let stopper: SimulatedCustomer;
let balanceBefore = 0;
const broadcastIds: string[] = [];

const digits = (phone: string) => phone.replace(/\D/g, '');
const rupiah = (amount: string) => new RegExp(`^Rp\\s${amount.replace(/\./g, '\\.')}$`);

/**
 * A customer whose first message came from a click-to-WhatsApp ad opened Meta's free entry point:
 * every template to them within 72 hours is free, so its charge is refunded when the status says so.
 */
const billable = (recipients: readonly SimulatedCustomer[]) =>
  recipients.filter((customer) => customer !== badNumber && !customer.fromAd).length;

async function templateSends(): Promise<TemplateSend[]> {
  const records = await simulator.sent();
  return records.flatMap((record) => {
    const body = record.body as
      | {
          type?: string;
          to?: string;
          template?: { components?: { type: string; parameters?: { text?: string }[] }[] };
        }
      | undefined;
    if (record.method !== 'POST' || !record.path.endsWith('/messages') || body?.type !== 'template')
      return [];
    const bodyPart = body.template?.components?.find((component) => component.type === 'body');
    return [
      {
        status: record.status,
        to: digits(body.to ?? ''),
        parameters: (bodyPart?.parameters ?? []).map((parameter) => parameter.text ?? ''),
      },
    ];
  });
}

/** Accepted template sends per phone (digits). */
async function acceptedPerPhone(): Promise<Map<string, TemplateSend[]>> {
  const perPhone = new Map<string, TemplateSend[]>();
  for (const send of await templateSends()) {
    if (send.status >= 300) continue;
    perPhone.set(send.to, [...(perPhone.get(send.to) ?? []), send]);
  }
  return perPhone;
}

async function allCustomers(): Promise<CustomerRow[]> {
  const rows: CustomerRow[] = [];
  for (let index = 0; index < 4; index += 1)
    rows.push(...(await data<CustomerRow[]>(page, 'customer_list', { key: shop.key, page: index })));
  return rows;
}

/**
 * Composes a broadcast of the promo to the label's customers through the composer, from the
 * broadcasts page (open), checking the recipient count, the opted-out customers left out and the cost on
 * the way, and sends it now. Answers the broadcast's id (its page is open).
 */
async function composeToLabel(name: string, recipients: number, optedOut: number): Promise<string> {
  await page.getByTestId('broadcast-new').click();
  await expect(page).toHaveURL(new RegExp(`/crm/broadcast/${shop.key}/new$`));
  const step = page.getByTestId('broadcast-compose-step');
  const next = page.getByTestId('broadcast-compose-next');

  // 1. The project's only number is taken at once; the owner picks the approved template.
  await expect(step).toContainText('Nomor & template');
  await expect(page.getByRole('radio', { name: /Toko Utama/ })).toBeChecked();
  await page.getByRole('button', { name: `Pilih template ${promo.name}` }).click();
  await expect(page.getByRole('button', { name: `Pilih template ${promo.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await next.click();

  // 2. {{1}} is the customer's name.
  await expect(step).toContainText('Isian');
  const slot = page.getByTestId('broadcast-value-body.0');
  await slot.getByRole('button', { name: /Diisi dengan/ }).click();
  await page.getByRole('option', { name: 'Nama pelanggan' }).click();
  await expect(slot.getByRole('button', { name: /Diisi dengan/ })).toContainText('Nama pelanggan');
  // The preview shows it for one of the project's customers, with their name.
  const preview = page.getByRole('complementary', { name: /^Pratinjau untuk / });
  const names = simulator.customers.map((customer) => customer.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(preview).toHaveAttribute('aria-label', new RegExp(`^Pratinjau untuk (${names.join('|')})$`));
  const sample = ((await preview.getAttribute('aria-label')) ?? '').replace('Pratinjau untuk ', '');
  await expect(preview).toContainText(`Halo ${sample}, diskon Lebaran 25%`);
  await next.click();

  // 3. The audience: the label's customers, opted-out ones left out and counted.
  await expect(step).toContainText('Penerima');
  const count = page.getByTestId('broadcast-audience-count');
  // Without a filter: every customer of the project who has not opted out.
  await expect(page.getByTestId('broadcast-audience-recipients')).toHaveText(`${31 - optedOut} penerima`);
  await page.getByTestId('broadcast-filter-labelId').click();
  await page.getByRole('option', { name: LABEL }).click();
  await expect(page.getByTestId('broadcast-audience-recipients')).toHaveText(`${recipients} penerima`);
  await expect(count).toContainText(
    optedOut === 0
      ? 'Pelanggan yang berhenti berlangganan selalu dikecualikan.'
      : `Pelanggan yang berhenti berlangganan selalu dikecualikan: ${optedOut} dari audiens ini tidak dikirimi.`,
  );
  await next.click();

  // 4. Review: its name, now, and what it costs against the balance.
  await expect(step).toContainText('Tinjau & jadwal');
  await page.getByRole('textbox', { name: 'Nama broadcast' }).fill(name);
  await expect(page.getByRole('radio', { name: 'Kirim sekarang' })).toBeChecked();
  const summary = page.getByTestId('broadcast-compose-summary');
  await expect(summary.getByTestId('broadcast-review-recipients')).toHaveText(`${recipients} penerima`);
  await expect(summary.getByTestId('broadcast-review-total')).toHaveText(
    rupiah((recipients * PRICE).toLocaleString('id-ID')),
  );
  await expect(summary.getByTestId('broadcast-shortfall')).toHaveCount(0);
  const submit = page.getByTestId('broadcast-compose-submit');
  await expect(submit).toHaveText('Kirim');
  await submit.click();

  await expect(page).toHaveURL(new RegExp(`/crm/broadcast/${shop.key}/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('broadcast-title')).toHaveText(name);
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  broadcastIds.push(id);
  return id;
}

/** The broadcast's page: the bar fills and every recipient but the bad number reaches read. */
async function watchUntilRead(recipients: number) {
  const bar = page.getByTestId('broadcast-progress');
  await expect(bar).toHaveAttribute('aria-valuemax', String(recipients));
  await expect(bar).toHaveAttribute('aria-valuenow', String(recipients), { timeout: 30_000 });
  await expect(bar).toHaveAttribute(
    'aria-valuetext',
    `${recipients} dari ${recipients} diproses: ${recipients - 1} terkirim, 1 gagal`,
  );
  const count = (state: string) => page.getByTestId(`broadcast-count-${state}`).locator('dd');
  await expect(count('read')).toHaveText(String(recipients - 1), { timeout: 30_000 });
  await expect(count('failed')).toHaveText('1');
  for (const state of ['queued', 'sending', 'sent', 'delivered', 'cancelled'])
    await expect(count(state)).toHaveText('0');
  await expect(page.getByTestId('broadcast-status')).toHaveAttribute('data-status', 'done');

  // The failure, with Meta's reason and code, in the recipients table.
  await page.getByTestId('recipient-filter-state').click();
  await page.getByRole('option', { name: 'Gagal' }).click();
  const table = page.getByRole('table', { name: 'Penerima broadcast' });
  await expect(table.getByTestId('recipient-name')).toHaveText([badNumber.name]);
  await expect(table.getByTestId('recipient-state')).toHaveText(['Gagal']);
  await expect(table.getByTestId('recipient-reason')).toHaveText(
    'Tidak dapat diantar ke nomor ini (bukan pengguna WhatsApp, atau belum menyetujui ketentuan terbaru) (kode 131026)',
  );
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  shop = await openShop(page);
  simulator = await simulatorFor(shop.accountId, 31);

  // Everyone writes once, so each is a customer with a conversation on the number.
  for (const customer of simulator.customers) {
    const written = await simulator.write(customer.index, `Halo, saya ${customer.name}. Ada promo?`);
    expect(written.delivered).toBe(true);
  }
  await expect
    .poll(async () => (await allCustomers()).filter((row) => row.conversationId !== null).length)
    .toBe(31);
  const byPhone = new Map((await allCustomers()).map((row) => [digits(row.phone), row]));

  labelled = simulator.customers.slice(0, 30);
  outsider = simulator.customers[30] as SimulatedCustomer;
  const label = await data<{ id: string }>(page, 'label_create', {
    key: shop.key,
    name: LABEL,
    color: '#43a047',
  });
  for (const customer of labelled) {
    const row = byPhone.get(digits(customer.phone));
    if (row === undefined) throw new Error(`${customer.name} is not a customer`);
    await data(page, 'customer_label_set', {
      key: shop.key,
      customerId: row.id,
      labelId: label.id,
      attached: true,
    });
  }

  // Not ones who came from an ad, so both are charged like everyone else.
  const [bad, stops] = labelled.filter((customer) => !customer.fromAd);
  if (bad === undefined || stops === undefined) throw new Error('too few customers not from an ad');
  badNumber = bad;
  stopper = stops;
  await simulator.notOnWhatsApp(badNumber.phone);

  // The number's marketing template, approved at Meta long ago, and money to send it.
  const [account] = await data<{ id: string; wabaId: string | null }[]>(page, 'account_list', {
    key: shop.key,
  });
  if (!account?.wabaId) throw new Error('the number has no WABA');
  await seedTemplate(account.wabaId, templateCreateBody(promo));
  await data(page, 'template_sync', { key: shop.key, accountId: shop.accountId });
  await fundProject(shop.key, FUNDS);
  balanceBefore = (await data<{ balance: number }>(page, 'billing_get', { key: shop.key })).balance;
  expect(balanceBefore).toBe(FUNDS);
});

test.afterAll(async () => {
  await context.close();
});

test('the owner broadcasts to a label from the composer and watches every recipient reach read but a bad number', async () => {
  await page.goto(`/crm/broadcast/${shop.key}`);
  await expect(page.getByTestId('broadcasts-empty')).toBeVisible();
  await composeToLabel('Promo Lebaran', 30, 0);
  await watchUntilRead(30);

  // The simulator got the template once for each of the label's customers, with their own name.
  const perPhone = await acceptedPerPhone();
  for (const customer of labelled)
    expect(perPhone.get(digits(customer.phone))?.map((send) => send.parameters)).toEqual([[customer.name]]);
  expect(perPhone.has(digits(outsider.phone))).toBe(false);
});

test('a customer who writes STOP is opted out and left out of the next broadcast; the balance paid exactly the charged recipients', async () => {
  await simulator.write(stopper.index, 'STOP');
  await expect
    .poll(async () => {
      const [row] = await data<CustomerRow[]>(page, 'customer_list', {
        key: shop.key,
        search: digits(stopper.phone),
      });
      return row?.optedOutAt ?? null;
    })
    .not.toBeNull();

  // The customers table says so.
  await page.goto(`/crm/customer/${shop.key}`);
  await page.getByTestId('customer-search').fill(digits(stopper.phone));
  const customers = page.getByRole('table', { name: 'Daftar pelanggan' });
  await expect(customers.getByTestId('customer-name')).toHaveText([stopper.name]);
  const optedOut = customers.getByTestId('customer-opted-out');
  await expect(optedOut).toHaveText('Berhenti');
  await expect(optedOut).toHaveAttribute('title', /, atas permintaan pelanggan$/);

  // The composer counts one fewer recipient, and the one opted out.
  await page.goto(`/crm/broadcast/${shop.key}`);
  await composeToLabel('Promo Lebaran kedua', 29, 1);
  await watchUntilRead(29);

  // One template for the customer who stopped, two for everyone else on the label.
  const perPhone = await acceptedPerPhone();
  for (const customer of labelled)
    expect(perPhone.get(digits(customer.phone))?.length, customer.name).toBe(customer === stopper ? 1 : 2);
  expect(perPhone.has(digits(outsider.phone))).toBe(false);

  // The balance paid exactly the recipients charged and not refunded (the bad number's failures
  // and the free entry points of customers who came from an ad are refunded).
  const second = labelled.filter((customer) => customer !== stopper);
  const expected = [billable(labelled) * PRICE, billable(second) * PRICE];
  const charged = async () =>
    Promise.all(
      broadcastIds.map(
        async (id) => (await data<BroadcastCost>(page, 'broadcast_get', { key: shop.key, id })).charged,
      ),
    );
  await expect.poll(charged).toEqual(expected);
  const total = expected.reduce((sum, amount) => sum + amount, 0);
  await expect
    .poll(async () => (await data<{ balance: number }>(page, 'billing_get', { key: shop.key })).balance)
    .toBe(balanceBefore - total);
  expect((await charged()).reduce((sum, amount) => sum + amount, 0)).toBe(
    balanceBefore - (await data<{ balance: number }>(page, 'billing_get', { key: shop.key })).balance,
  );

  // The broadcasts table shows both done, their bars full with the failure, and what each cost.
  await page.goto(`/crm/broadcast/${shop.key}`);
  const broadcasts = page.getByRole('table', { name: 'Broadcast proyek' });
  for (const [index, name] of ['Promo Lebaran', 'Promo Lebaran kedua'].entries()) {
    const recipients = index === 0 ? 30 : 29;
    const row = broadcasts
      .getByRole('row')
      .filter({ has: page.getByTestId('broadcast-name').getByText(name, { exact: true }) });
    await expect(row.getByTestId('broadcast-status')).toHaveText('Selesai');
    await expect(row.getByTestId('broadcast-progress')).toHaveAttribute('aria-valuenow', String(recipients));
    await expect(row).toContainText(`${recipients}/${recipients}`);
    await expect(row).toContainText('1 gagal');
    await expect(row.getByTestId('broadcast-cost')).toHaveText(
      rupiah((expected[index] ?? 0).toLocaleString('id-ID')),
    );
  }
});
