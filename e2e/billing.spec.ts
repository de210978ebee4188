/**
 * The prepaid balance end to end (issue 16), on the payment gateway simulator: an owner tops up
 * Rp50.000 on the gateway's page, and the notification Midtrans may send again is delivered three
 * more times, yet the saldo is credited once; Rp20.000 goes into the project; an agent sends a
 * marketing template (Rp10.000 in the e2e harness's price table) and the owner's billing page shows
 * the balance drop as it happens; once the balance is empty the next template is refused with the
 * message, and nothing more reaches the simulated Graph API.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { templateCreateBody } from '../packages/sdk/src/templates/meta.ts';
import type { TemplateDraft } from '../packages/sdk/src/contract/templateTypes.ts';
import {
  ageConversation,
  gatewayNotifications,
  gatewayOrders,
  redeliverPayment,
  seedTemplate,
} from './control.ts';
import { colleague, data, openShop, SEES_EVERYTHING } from './shop.ts';

const promo: TemplateDraft = {
  name: 'promo_akhir_tahun',
  language: 'id',
  category: 'MARKETING',
  header: null,
  body: 'Halo {{1}}, diskon akhir tahun 20% untuk semua batik sampai Minggu.',
  bodyExamples: ['{nama}'],
  footer: null,
  buttons: [],
};

const rupiah = (digits: string) => new RegExp(`^Rp\\s${digits.replace('.', '\\.')}$`);
const thread = (page: Page) => page.getByRole('log', { name: 'Pesan' });

/** The agent sends the promo from the picker; answers the picker dialog (still open on a refusal). */
async function sendPromo(page: Page) {
  await page.getByRole('button', { name: 'Pilih template' }).click();
  const picker = page.getByRole('dialog', { name: 'Kirim template pesan' });
  await picker.getByRole('button', { name: 'Pilih template promo_akhir_tahun' }).click();
  await picker.getByRole('button', { name: 'Kirim template' }).click();
  return picker;
}

test('a top-up is credited once, moved into the project, and pays for templates until the balance runs out', async ({
  page,
  browser,
}) => {
  const shop = await openShop(page);

  // The owner tops up Rp50.000 and pays on the gateway's page.
  await page.goto('/saldo');
  await expect(page.getByTestId('saldo-balance')).toHaveText(rupiah('0'));
  await page.getByRole('button', { name: 'Rp 50.000', exact: true }).click();
  await page.getByTestId('topup-submit').click();
  await expect(page.getByTestId('topup-waiting')).toBeVisible();
  const [gatewayPage] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('topup-pay').click(),
  ]);
  await gatewayPage.getByRole('button', { name: 'Bayar dengan QRIS' }).click();
  await gatewayPage.waitForURL(/\/saldo\?order_id=/);
  await gatewayPage.close();
  await expect(page.getByTestId('topup-paid')).toBeVisible();
  await expect(page.getByTestId('saldo-balance')).toHaveText(rupiah('50.000'));

  // Midtrans may deliver a notification again: three more times change nothing.
  const order = (await gatewayOrders()).at(-1);
  if (order === undefined) throw new Error('no order at the gateway');
  expect(order.grossAmount).toBe(50_000);
  const again = await redeliverPayment(order.orderId, 3);
  expect(again.map((delivery) => delivery.ok)).toEqual([true, true, true]);
  const delivered = await gatewayNotifications(order.orderId);
  expect(delivered.filter((sent) => sent.body.transaction_status === 'settlement')).toHaveLength(4);
  await page.reload();
  await expect(page.getByTestId('saldo-balance')).toHaveText(rupiah('50.000'));
  await expect(page.getByTestId('ledger-amount')).toHaveCount(1);
  const saldo = await data<{ balance: number }>(page, 'saldo_get');
  expect(saldo.balance).toBe(50_000);

  // Rp20.000 goes into the project.
  await page.goto(`/project/billing/${shop.key}`);
  await expect(page.getByTestId('billing-balance')).toHaveText(rupiah('0'));
  await page.getByTestId('billing-pay').click();
  const pay = page.getByRole('dialog', { name: 'Bayar dari saldo Anda' });
  await expect(pay.getByTestId('pay-saldo')).toHaveText(rupiah('50.000'));
  await pay.getByRole('textbox', { name: 'Jumlah' }).fill('20000');
  await pay.getByTestId('pay-review').click();
  await pay.getByTestId('pay-confirm').click();
  await expect(pay).toHaveCount(0);
  await expect(page.getByTestId('billing-balance')).toHaveText(rupiah('20.000'));
  expect((await data<{ balance: number }>(page, 'saldo_get')).balance).toBe(30_000);

  // The number's marketing template, approved at Meta long ago; a customer whose window closed.
  const [account] = await data<{ id: string; wabaId: string | null }[]>(page, 'account_list', {
    key: shop.key,
  });
  if (!account?.wabaId) throw new Error('the number has no WABA');
  await seedTemplate(account.wabaId, templateCreateBody(promo));
  await data(page, 'template_sync', { key: shop.key, accountId: shop.accountId });
  // Not one who came from an ad: answering them would open Meta's free entry point, where even a
  // marketing template is free (and refunded).
  const customer = shop.simulator.customers.find((candidate) => !candidate.fromAd);
  if (customer === undefined) throw new Error('every simulated customer came from an ad');
  await shop.simulator.write(customer.index, 'Kak, ada promo akhir tahun?');
  await ageConversation(shop.accountId, customer.phone, 25);

  // An agent sends it twice while the owner watches the billing page.
  const agent = await colleague(browser, shop.key, SEES_EVERYTHING);
  const agentPage = agent.page;
  await agentPage.goto(`/crm/chat/${shop.key}`);
  await agentPage
    .getByRole('list', { name: 'Daftar percakapan' })
    .getByRole('link', { name: new RegExp(customer.name) })
    .click();
  await expect(thread(agentPage).getByText('Kak, ada promo akhir tahun?')).toBeVisible();
  const templateSends = async () =>
    (await shop.simulator.sent()).filter(
      (request) => request.path.endsWith('/messages') && request.body?.type === 'template',
    ).length;

  await expect(await sendPromo(agentPage)).toHaveCount(0);
  await expect(page.getByTestId('billing-balance')).toHaveText(rupiah('10.000'));
  await expect(page.getByTestId('billing-entry-kind').first()).toHaveText('Biaya pesan');
  await expect(await sendPromo(agentPage)).toHaveCount(0);
  await expect(page.getByTestId('billing-balance')).toHaveText(rupiah('0'));
  await expect.poll(templateSends).toBe(2);

  // The balance is empty: the next one is refused before anything goes to Meta.
  const picker = await sendPromo(agentPage);
  await expect(picker.getByText(/Saldo proyek tidak cukup/)).toBeVisible();
  // The agent may not pay, so no link to billing is offered.
  await expect(picker.getByRole('link', { name: 'Isi saldo proyek' })).toHaveCount(0);
  expect(await templateSends()).toBe(2);
  const sent = thread(agentPage).getByRole('article').filter({ hasText: 'diskon akhir tahun' });
  await expect(sent).toHaveCount(2);
  await expect(page.getByTestId('billing-balance')).toHaveText(rupiah('0'));
  await agent.context.close();
});
