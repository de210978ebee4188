/**
 * No typed reply is ever dropped (issue 13): a reply sent while the thread's page is still on its
 * way, or after it failed, waits in the thread's outbox and reaches WhatsApp exactly once when the
 * page arrives; and Enter on a `/` query that matches no quick reply sends nothing. One shop (an
 * owner, a number and its simulator) for the whole file; each case talks to its own customer.
 */
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import { openShop } from './shop.ts';
import type { Shop } from './shop.ts';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let shop: Shop;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  shop = await openShop(page);
});

test.afterAll(async () => {
  await context.close();
});

const thread = () => page.getByRole('log', { name: 'Pesan' });
const composer = () => page.getByRole('textbox', { name: 'Tulis pesan' });

function customerAt(index: number) {
  const customer = shop.simulator.customers[index];
  if (customer === undefined) throw new Error(`no simulated customer ${index}`);
  return customer;
}

/** How many text messages with `text` the simulated Graph API accepted. */
async function arrived(text: string): Promise<number> {
  return (await shop.simulator.sent()).filter(
    (request) =>
      request.path.endsWith('/messages') && request.status === 200 && request.body?.text?.body === text,
  ).length;
}

/** Sends `text` and waits until WhatsApp has it: whatever was sent before it has arrived too. */
async function sendMarker(text: string): Promise<void> {
  await composer().fill(text);
  await composer().press('Enter');
  await expect.poll(() => arrived(text), { timeout: 20_000 }).toBe(1);
}

/** The act a request to `/api` calls (null for a form upload). */
function actOf(route: Route): string | null {
  try {
    const body = route.request().postDataJSON() as { act?: unknown } | null;
    return typeof body?.act === 'string' ? body.act : null;
  } catch {
    return null;
  }
}

test('a reply sent while the thread is still loading arrives exactly once', async () => {
  const customer = customerAt(0);
  expect((await shop.simulator.write(0, 'Kak, batik cap motif kawung ada?')).delivered).toBe(true);
  // The server's answer to `message_list` is held back: 4 s, and on a slow machine until the reply
  // has been sent, so the reply is always written before the thread has its page.
  let release = () => {};
  const sent = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api', async (route) => {
    if (actOf(route) === 'message_list')
      await Promise.all([new Promise((resolve) => setTimeout(resolve, 4000)), sent]);
    await route.continue().catch(() => undefined);
  });
  await page.goto(`/crm/chat/${shop.key}/${customer.phone.slice(1)}`);
  const reply = 'Ada kak, motif kawung ukuran L';
  await composer().fill(reply);
  await composer().press('Enter');
  // Taken at once, and said to be waiting while the page is still on its way.
  await expect(composer()).toHaveValue('');
  await expect(page.getByText('Pesan Anda terkirim setelah percakapan termuat (1 menunggu).')).toBeVisible();
  expect(await arrived(reply)).toBe(0);
  release();

  await expect(thread().getByRole('article').filter({ hasText: reply })).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => arrived(reply), { timeout: 20_000 }).toBe(1);
  await page.unroute('**/api');
  // A later message arrives after it: the reply is still there exactly once.
  await sendMarker('Penanda satu');
  expect(await arrived(reply)).toBe(1);
  await expect(thread().getByRole('article').filter({ hasText: reply })).toHaveCount(1);
});

test('a reply sent after the thread failed to load is kept and sent once after the retry', async () => {
  const customer = customerAt(1);
  expect((await shop.simulator.write(1, 'Kak, bisa kirim ke Surabaya?')).delivered).toBe(true);
  await page.route('**/api', async (route) => {
    if (actOf(route) === 'message_list')
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"held"}' });
    else await route.continue().catch(() => undefined);
  });
  await page.goto(`/crm/chat/${shop.key}/${customer.phone.slice(1)}`);
  const failed = page.getByRole('alert').filter({ hasText: 'Pesan gagal dimuat.' });
  await expect(failed).toBeVisible({ timeout: 20_000 });

  const reply = 'Bisa kak, ongkir ke Surabaya Rp18.000';
  await composer().fill(reply);
  await composer().press('Enter');
  await expect(
    failed.getByText('Pesan Anda terkirim setelah percakapan termuat (1 menunggu).'),
  ).toBeVisible();
  expect(await arrived(reply)).toBe(0);

  await page.unroute('**/api');
  await failed.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(thread().getByRole('article').filter({ hasText: reply })).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => arrived(reply), { timeout: 20_000 }).toBe(1);
  await sendMarker('Penanda dua');
  expect(await arrived(reply)).toBe(1);
});

test('Enter on a / query that matches no quick reply sends nothing and keeps the draft', async () => {
  const customer = customerAt(2);
  expect((await shop.simulator.write(2, 'Halo kak')).delivered).toBe(true);
  await page.goto(`/crm/chat/${shop.key}/${customer.phone.slice(1)}`);
  await expect(thread().getByText('Halo kak')).toBeVisible();

  await composer().fill('/har');
  const menu = page.getByTestId('quick-reply-menu');
  await expect(menu.getByText('Tidak ada balasan cepat yang cocok.')).toBeVisible();
  await composer().press('Enter');
  await expect(composer()).toHaveValue('/har');
  await expect(menu).toBeVisible();

  // A message sent after it arrives; "/har" never did.
  await sendMarker('Penanda tiga');
  expect(await arrived('/har')).toBe(0);
  await expect(thread().getByRole('article').filter({ hasText: '/har' })).toHaveCount(0);
});
