/**
 * Reaching customers with templates end to end (issue 15): an agent opens a customer whose
 * 24-hour window has closed, is offered only templates, sends one filled with the customer's
 * name; the customer replies and the agent can write freely again. A customer who never wrote is
 * reached from the customers table and the conversation opens in the inbox. The simulated Meta
 * (the harness's Graph API) holds the number's approved templates, synced into Sapa.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { templateCreateBody } from '../packages/sdk/src/templates/meta.ts';
import type { TemplateDraft } from '../packages/sdk/src/contract/templateTypes.ts';
import { ageConversation, fundProject, seedTemplate } from './control.ts';
import { colleague, data, openShop, SEES_EVERYTHING } from './shop.ts';
import type { Shop } from './shop.ts';

const conversations = (page: Page) => page.getByRole('list', { name: 'Daftar percakapan' });
const thread = (page: Page) => page.getByRole('log', { name: 'Pesan' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Tulis pesan' });

/** A payment reminder: the customer's name (its example `{nama}` prefills it) and an invoice. */
const reminder: TemplateDraft = {
  name: 'pengingat_bayar',
  language: 'id',
  category: 'UTILITY',
  header: null,
  body: 'Halo {{1}}, tagihan {{2}} jatuh tempo besok. Terima kasih.',
  bodyExamples: ['{nama}', 'INV-001'],
  footer: 'Toko Batik',
  buttons: [],
};

/** An order update: the customer's city (custom field `Kota`) and a tracking link. */
const orderUpdate: TemplateDraft = {
  name: 'update_pesanan',
  language: 'id',
  category: 'UTILITY',
  header: null,
  body: 'Pesanan Anda ke {{1}} sudah kami kirim hari ini.',
  bodyExamples: ['{Kota}'],
  footer: null,
  buttons: [
    { type: 'URL', text: 'Lacak', url: 'https://toko.id/lacak/{{1}}', example: 'https://toko.id/lacak/A1' },
  ],
};

/**
 * Meta approved the number's templates long ago; Sapa reads them (`template_sync`). Answers how
 * many the number may send (Meta's sample `hello_world` is there too).
 */
async function withTemplates(page: Page, shop: Shop): Promise<number> {
  const [account] = await data<{ id: string; wabaId: string | null }[]>(page, 'account_list', {
    key: shop.key,
  });
  if (!account?.wabaId) throw new Error('the number has no WABA');
  for (const draft of [reminder, orderUpdate]) await seedTemplate(account.wabaId, templateCreateBody(draft));
  // Templates are paid for from the project's balance (issue 16).
  await fundProject(shop.key, 100_000);
  const synced = await data<{ name: string; status: string }[]>(page, 'template_sync', {
    key: shop.key,
    accountId: shop.accountId,
  });
  const approved = synced
    .filter((template) => template.status === 'APPROVED')
    .map((template) => template.name);
  expect(approved).toEqual(expect.arrayContaining(['pengingat_bayar', 'update_pesanan']));
  return approved.length;
}

test('a closed window offers only templates; once the customer replies the agent writes freely again', async ({
  page,
  browser,
}) => {
  const shop = await openShop(page);
  const approved = await withTemplates(page, shop);
  const customer = shop.simulator.customers[0];
  if (customer === undefined) throw new Error('no simulated customer');
  await shop.simulator.write(0, 'Kak, tagihan saya yang kemarin berapa ya?');
  // A day and more went by: the window has closed.
  await ageConversation(shop.accountId, customer.phone, 25);

  const agent = await colleague(browser, shop.key, SEES_EVERYTHING);
  const { page: agentPage } = agent;
  await agentPage.goto(`/crm/chat/${shop.key}`);
  await conversations(agentPage)
    .getByRole('link', { name: new RegExp(customer.name) })
    .click();
  await expect(thread(agentPage).getByText('Kak, tagihan saya yang kemarin berapa ya?')).toBeVisible();
  await expect(agentPage.getByText(/Jendela 24 jam sudah tertutup/)).toBeVisible();
  await expect(composer(agentPage)).toHaveCount(0);

  await agentPage.getByRole('button', { name: 'Pilih template' }).click();
  const picker = agentPage.getByRole('dialog', { name: 'Kirim template pesan' });
  await expect(picker.getByTestId('template-option')).toHaveCount(approved);
  await picker.getByRole('button', { name: 'Pilih template pengingat_bayar' }).click();
  // The name is filled in from the customer; the invoice is the agent's to write.
  await expect(picker.getByRole('textbox', { name: 'Isian {{1}}' })).toHaveValue(customer.name);
  await picker.getByRole('button', { name: 'Kirim template' }).click();
  await expect(picker.getByText('Wajib diisi.')).toBeVisible();
  await picker.getByRole('textbox', { name: 'Isian {{2}}' }).fill('INV-2025-07');
  const body = `Halo ${customer.name}, tagihan INV-2025-07 jatuh tempo besok. Terima kasih.`;
  await expect(picker.getByTestId('template-preview')).toContainText(body);
  await picker.getByRole('button', { name: 'Kirim template' }).click();
  await expect(picker).toHaveCount(0);

  const sent = thread(agentPage).getByRole('article').filter({ hasText: body });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByTestId('template-category')).toHaveText('Utilitas');
  await expect(sent.getByRole('img', { name: 'Diterima' })).toBeVisible();
  const sends = (await shop.simulator.sent()).filter(
    (request) => request.path.endsWith('/messages') && request.body?.type === 'template',
  );
  expect(sends).toHaveLength(1);
  expect(JSON.stringify(sends[0]?.body)).toContain(customer.name);
  // Still closed: a template does not open the window.
  await expect(composer(agentPage)).toHaveCount(0);

  await shop.simulator.write(0, 'Baik kak, saya transfer hari ini');
  await expect(thread(agentPage).getByText('Baik kak, saya transfer hari ini')).toBeVisible();
  await expect(composer(agentPage)).toBeVisible();
  await expect(agentPage.getByTestId('composer-window-left')).toHaveText(
    /^Jendela 24 jam: (23 j 59|24 j 0) m lagi$/,
  );
  await composer(agentPage).fill('Terima kasih kak, kami tunggu');
  await composer(agentPage).press('Enter');
  await expect(
    thread(agentPage).getByRole('article').filter({ hasText: 'Terima kasih kak, kami tunggu' }),
  ).toHaveCount(1);
  await agent.context.close();
});

test('a customer who never wrote is reached from the customers table', async ({ page }) => {
  const shop = await openShop(page);
  await withTemplates(page, shop);
  const customer = shop.simulator.customers[2];
  if (customer === undefined) throw new Error('no simulated customer');
  await data(page, 'customer_create', {
    key: shop.key,
    name: 'Rina Kusuma',
    phone: customer.phone,
    customFields: { Kota: 'Bandung' },
  });

  await page.goto(`/crm/customer/${shop.key}`);
  await page.getByRole('button', { name: 'Kirim pesan ke Rina Kusuma' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirim pesan ke Rina Kusuma' });
  await expect(dialog.getByTestId('start-number')).toContainText('Toko Utama');
  await dialog.getByRole('button', { name: 'Pilih template update_pesanan' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Isian {{1}}' })).toHaveValue('Bandung');
  await dialog.getByRole('textbox', { name: /Akhir tautan tombol/ }).fill('A-7781');
  await expect(dialog.getByTestId('template-preview')).toContainText(
    'Pesanan Anda ke Bandung sudah kami kirim',
  );
  await dialog.getByRole('button', { name: 'Kirim template' }).click();

  await expect(page).toHaveURL(new RegExp(`/crm/chat/${shop.key}/[0-9a-f-]{36}$`));
  await expect(
    thread(page)
      .getByRole('article')
      .filter({ hasText: 'Pesanan Anda ke Bandung sudah kami kirim hari ini.' }),
  ).toHaveCount(1);
  await expect(conversations(page).getByRole('link', { name: /Rina Kusuma/ })).toBeVisible();
  // A conversation the business started: its window is closed until Rina writes.
  await expect(page.getByRole('button', { name: 'Pilih template' })).toBeVisible();
  const sends = (await shop.simulator.sent()).filter(
    (request) => request.path.endsWith('/messages') && request.body?.type === 'template',
  );
  expect(sends).toHaveLength(1);
  expect(sends[0]?.body?.to).toBe(customer.phone.replace(/^\+/, ''));
});
