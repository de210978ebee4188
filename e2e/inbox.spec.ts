/**
 * The team inbox end to end: the real server and web app in Chromium, customers played by the
 * WhatsApp simulator over the real webhook and Graph API protocol (e2e/control.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signature } from './control.ts';
import { act, CHAT_AGENT, colleague, data, openShop, SEES_EVERYTHING } from './shop.ts';

const conversations = (page: Page) => page.getByRole('list', { name: 'Daftar percakapan' });
const thread = (page: Page) => page.getByRole('log', { name: 'Pesan' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Tulis pesan' });

test('two agents see a customer write live; a reply reaches WhatsApp once and turns delivered, then read', async ({
  page,
  browser,
}) => {
  const shop = await openShop(page);
  const agent = await colleague(browser, shop.key, SEES_EVERYTHING);
  await page.goto(`/crm/chat/${shop.key}`);
  await agent.page.goto(`/crm/chat/${shop.key}`);
  for (const each of [page, agent.page]) await expect(each.getByText('Tidak ada percakapan.')).toBeVisible();

  const customer = shop.simulator.customers[0];
  if (customer === undefined) throw new Error('no simulated customer');
  expect((await shop.simulator.write(0, 'Halo kak, batik tulis motif parang masih ada?')).delivered).toBe(
    true,
  );
  for (const each of [page, agent.page]) {
    const row = conversations(each).getByRole('link', { name: new RegExp(customer.name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Halo kak, batik tulis motif parang masih ada?');
  }

  await conversations(page)
    .getByRole('link', { name: new RegExp(customer.name) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/crm/chat/${shop.key}/${customer.phone.slice(1)}$`));
  await expect(thread(page).getByText('Halo kak, batik tulis motif parang masih ada?')).toBeVisible();
  await composer(page).fill('Masih ada kak, ukuran L dan XL');
  await composer(page).press('Enter');
  const reply = thread(page).getByRole('article').filter({ hasText: 'Masih ada kak, ukuran L dan XL' });
  await expect(reply).toHaveCount(1);
  await expect(reply.getByRole('img', { name: 'Diterima' })).toBeVisible();
  await expect(reply.getByRole('img', { name: 'Dibaca' })).toBeVisible();

  // The other agent's list follows, without a reload.
  await expect(
    conversations(agent.page).getByRole('link', { name: new RegExp(customer.name) }),
  ).toContainText('Masih ada kak, ukuran L dan XL');
  const sends = (await shop.simulator.sent()).filter(
    (request) =>
      request.path.endsWith('/messages') && request.body?.text?.body === 'Masih ada kak, ukuran L dan XL',
  );
  expect(sends).toHaveLength(1);
  expect(sends[0]?.status).toBe(200);
  await agent.context.close();
});

test('with the network cut, a customer writes and the agent sends; back online, both are there exactly once', async ({
  page,
  context,
}) => {
  const shop = await openShop(page);
  const customer = shop.simulator.customers[1];
  if (customer === undefined) throw new Error('no simulated customer');
  await shop.simulator.write(1, 'Kak, ongkir ke Medan berapa?');
  await page.goto(`/crm/chat/${shop.key}`);
  await conversations(page)
    .getByRole('link', { name: new RegExp(customer.name) })
    .click();
  await expect(thread(page).getByText('Kak, ongkir ke Medan berapa?')).toBeVisible();
  await expect(page.getByText('Pembaruan langsung', { exact: true })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('Menyambung ulang…')).toBeVisible();
  expect((await shop.simulator.write(1, 'Saya transfer sekarang ya kak')).delivered).toBe(true);
  await composer(page).fill('Ongkir ke Medan Rp25.000 kak');
  await composer(page).press('Enter');
  // Shown at once; its retries run out while offline, and it waits for the connection.
  await expect(thread(page).getByText('Ongkir ke Medan Rp25.000 kak')).toBeVisible();
  await expect(thread(page).getByText(/^Gagal terkirim/)).toBeVisible({ timeout: 30_000 });

  await context.setOffline(false);
  await expect(page.getByText('Pembaruan langsung', { exact: true })).toBeVisible({ timeout: 20_000 });
  const incoming = thread(page).getByRole('article').filter({ hasText: 'Saya transfer sekarang ya kak' });
  const outgoing = thread(page).getByRole('article').filter({ hasText: 'Ongkir ke Medan Rp25.000 kak' });
  await expect(incoming).toHaveCount(1);
  await expect(outgoing).toHaveCount(1);
  await expect(outgoing.getByRole('img', { name: 'Dibaca' })).toBeVisible({ timeout: 20_000 });
  const sends = (await shop.simulator.sent()).filter(
    (request) =>
      request.path.endsWith('/messages') && request.body?.text?.body === 'Ongkir ke Medan Rp25.000 kak',
  );
  expect(sends).toHaveLength(1);
  // Stored once each, as the server says too.
  const [listed] = await data<{ id: string }[]>(page, 'conversation_list', { key: shop.key });
  const messages = await data<{ caption: string | null }[]>(page, 'message_list', {
    key: shop.key,
    conversationId: listed?.id,
  });
  expect(messages.filter((message) => message.caption === 'Saya transfer sekarang ya kak')).toHaveLength(1);
  expect(messages.filter((message) => message.caption === 'Ongkir ke Medan Rp25.000 kak')).toHaveLength(1);
});

/** A customer's text as Meta's webhook carries it (the inbound-text fixture's shape). */
function inboundText(phoneNumberId: string, from: string, text: string) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102938475610293',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '6281210009000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: 'Rina Wijaya' }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.e2e.${randomUUID()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

test('a signed webhook delivered three times shows one message; a badly signed one is refused and stores nothing', async ({
  page,
}) => {
  const shop = await openShop(page);
  await page.goto(`/crm/chat/${shop.key}`);
  const from = `62812${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const body = inboundText(shop.phoneNumberId, from, 'Pesanan saya sudah dikirim belum?');
  const post = (signed: string) =>
    page.request.post('/webhooks/whatsapp', {
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed },
      data: body,
    });
  const answers = await Promise.all([post(signature(body)), post(signature(body)), post(signature(body))]);
  expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200]);

  await conversations(page)
    .getByRole('link', { name: /Rina Wijaya/ })
    .click();
  await expect(
    thread(page).getByRole('article').filter({ hasText: 'Pesanan saya sudah dikirim belum?' }),
  ).toHaveCount(1);

  const forged = inboundText(shop.phoneNumberId, from, 'Transfer ke rekening lain saja');
  const refused = await page.request.post('/webhooks/whatsapp', {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signature(forged, 'not-the-secret'),
    },
    data: forged,
  });
  expect(refused.status()).toBe(401);
  const [listed] = await data<{ id: string }[]>(page, 'conversation_list', { key: shop.key });
  const messages = await data<{ caption: string | null }[]>(page, 'message_list', {
    key: shop.key,
    conversationId: listed?.id,
  });
  expect(messages.map((message) => message.caption)).toEqual(['Pesanan saya sudah dikirim belum?']);
  await expect(thread(page).getByText('Transfer ke rekening lain saja')).toHaveCount(0);
});

test('an agent without show_all_chat sees and opens only the conversations assigned to them', async ({
  page,
  browser,
}) => {
  const shop = await openShop(page);
  const [first, second] = shop.simulator.customers;
  if (first === undefined || second === undefined) throw new Error('no simulated customers');
  await shop.simulator.write(0, 'Halo, saya mau pesan seragam kantor');
  await shop.simulator.write(1, 'Kak, bisa minta katalog?');
  const listed = await data<{ id: string; customer: { name: string } }[]>(page, 'conversation_list', {
    key: shop.key,
  });
  const mine = listed.find((conversation) => conversation.customer.name === first.name);
  const theirs = listed.find((conversation) => conversation.customer.name === second.name);
  if (mine === undefined || theirs === undefined) throw new Error('conversations missing');

  const agent = await colleague(browser, shop.key, CHAT_AGENT);
  await data(page, 'conversation_assign', {
    key: shop.key,
    conversationId: mine.id,
    userId: await userIdOf(agent.page),
  });

  await agent.page.goto(`/crm/chat/${shop.key}`);
  await expect(conversations(agent.page).getByRole('link', { name: new RegExp(first.name) })).toBeVisible();
  await expect(conversations(agent.page).getByRole('link')).toHaveCount(1);
  // Phones are masked for this agent, in the list and in the panel.
  await conversations(agent.page)
    .getByRole('link', { name: new RegExp(first.name) })
    .click();
  await expect(agent.page).toHaveURL(new RegExp(`/crm/chat/${shop.key}/${mine.id}$`));
  await expect(agent.page.getByText(/^\+62\d{3}\*{4,}\d{3}$/).first()).toBeVisible();

  // The other conversation stays out of reach, by address and by act.
  await agent.page.goto(`/crm/chat/${shop.key}/${theirs.id}`);
  await expect(agent.page.getByText('Percakapan tidak ditemukan atau tidak dapat Anda lihat.')).toBeVisible();
  await expect(agent.page.getByText('Kak, bisa minta katalog?')).toHaveCount(0);
  const refused = await act(agent.page, 'message_list', { key: shop.key, conversationId: theirs.id });
  expect(refused).toMatchObject({ code: '0', reason: 'not_found' });
  const byPhone = await act(agent.page, 'conversation_find', { key: shop.key, receiver: second.phone });
  expect(byPhone).toMatchObject({ code: '0', reason: 'not_found' });
  await agent.context.close();
});

async function userIdOf(page: Page): Promise<string> {
  return (await data<{ id: string }>(page, 'user_check_token')).id;
}

test('on a phone (390×844) the first conversation starts near the top; the other filters show on demand', async ({
  page,
}) => {
  const shop = await openShop(page);
  expect((await shop.simulator.write(0, 'Halo kak, masih buka?')).delivered).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/crm/chat/${shop.key}`);
  const first = page.getByRole('list', { name: 'Daftar percakapan' }).getByRole('link').first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box?.y ?? 844).toBeLessThan(260);
  await expect(page.getByTestId('stage-filter')).toBeHidden();
  await page.getByTestId('list-filters-toggle').click();
  await expect(page.getByTestId('stage-filter')).toBeVisible();
});
