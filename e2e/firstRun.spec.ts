/**
 * What a newcomer meets (issue 13, item 8), on one registration and one project: the inbox's
 * first-run guide and the account form's help, the bell collapsing a customer's messages into one
 * notification and clearing it when the conversation is answered or opened, a gallery image's
 * thumbnail and size in the composer's tray, and a label created from the chat.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { register } from './auth.ts';
import { registerNumber, simulatorFor } from './control.ts';
import type { E2eSimulator, SimulatedCustomer } from './control.ts';
import { act, data } from './shop.ts';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let key = '';
let simulator: E2eSimulator;

const bellCount = () => page.getByTestId('bell-count');
const conversations = () => page.getByRole('list', { name: 'Daftar percakapan' });
const thread = () => page.getByRole('log', { name: 'Pesan' });

function customer(index: number): SimulatedCustomer {
  const found = simulator.customers[index];
  if (found === undefined) throw new Error(`no simulated customer ${index}`);
  return found;
}

async function conversationIdOf(phone: string): Promise<string> {
  const list = await data<{ id: string; customer: { phone: string } }[]>(page, 'conversation_list', { key });
  const found = list.find((conversation) => conversation.customer.phone === phone);
  if (found === undefined) throw new Error(`no conversation with ${phone}`);
  return found.id;
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  await register(page);
  ({ key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' }));
});

test.afterAll(async () => {
  await context.close();
});

test('a new project shows the first-run guide, whose links lead to the accounts (with help) and members', async () => {
  await page.goto(`/crm/chat/${key}`);
  const guide = page.getByTestId('first-run-guide');
  await expect(guide.getByRole('heading', { name: 'Mulai dengan Toko Batik' })).toBeVisible();
  await expect(page.getByText('Tidak ada percakapan.')).toHaveCount(0);
  // The pill speaks of live updates, not of a WhatsApp connection the project does not have.
  await expect(page.getByText('Pembaruan langsung', { exact: true })).toBeVisible();
  await expect(page.getByText('Terhubung', { exact: true })).toHaveCount(0);
  await expect(guide.getByRole('link', { name: 'Buka Anggota' })).toHaveAttribute(
    'href',
    `/project/user/${key}`,
  );
  await guide.getByText('Mencoba tanpa nomor sungguhan?').click();
  await expect(guide.getByText('pnpm simulate', { exact: false })).toBeVisible();

  await guide.getByRole('link', { name: 'Buka Akun WhatsApp' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/account/${key}$`));
  await expect(page.getByRole('heading', { name: 'Dari mana ID nomor dan token ini?' })).toBeVisible();
  await expect(page.getByText(/WhatsApp → API Setup/).first()).toBeVisible();
  await expect(page.getByText(/System User/).first()).toBeVisible();

  // A number connected: the inbox shows instead of the guide.
  const phoneNumberId = `8${Date.now() % 1_000_000_000}001`;
  const { wabaId } = await registerNumber(phoneNumberId, `token-${phoneNumberId}`);
  await page.getByRole('textbox', { name: 'Nama akun' }).fill('Toko Utama');
  await page.getByRole('textbox', { name: 'ID WhatsApp Business Account' }).fill(wabaId);
  await page.getByRole('textbox', { name: 'ID nomor telepon (Meta)' }).fill(phoneNumberId);
  await page.getByLabel('Token akses', { exact: true }).fill(`token-${phoneNumberId}`);
  await page.getByRole('button', { name: 'Tambah nomor' }).click();
  await expect(page.getByRole('heading', { name: 'Toko Utama' })).toBeVisible();
  const accounts = await data<{ id: string; phoneNumberId: string }[]>(page, 'account_list', { key });
  simulator = await simulatorFor(
    accounts.find((account) => account.phoneNumberId === phoneNumberId)?.id ?? '',
  );
  await page.goto(`/crm/chat/${key}`);
  await expect(page.getByText('Tidak ada percakapan.')).toBeVisible();
  await expect(page.getByTestId('first-run-guide')).toHaveCount(0);
});

test('the bell holds one notification per waiting conversation, cleared by a reply or by opening it', async () => {
  const rina = customer(0);
  expect((await simulator.write(0, 'Halo kak, batik parangnya ada?')).delivered).toBe(true);
  const conversationId = await conversationIdOf(rina.phone);
  const me = await data<{ id: string }>(page, 'user_check_token');
  await data(page, 'conversation_assign', { key, conversationId, userId: me.id });
  await page.goto(`/crm/chat/${key}`);
  await expect(conversations().getByRole('link', { name: new RegExp(rina.name) })).toBeVisible();
  await expect(bellCount()).toHaveCount(0);

  for (const text of ['Ukuran L ya kak', 'Bisa kirim ke Medan?', 'Ditunggu kak 🙏'])
    expect((await simulator.write(0, text)).delivered).toBe(true);
  await expect(bellCount()).toHaveText('1');
  const waiting = await data<{ kind: string; count: number; read: boolean }[]>(page, 'notification_list', {
    unreadOnly: true,
  });
  expect(waiting).toMatchObject([{ kind: 'customer_waiting', count: 3, read: false }]);

  // Answered (here through the act, as a colleague would): the bell clears.
  expect(
    (
      await act(page, 'message_send', {
        key,
        conversationId,
        clientId: crypto.randomUUID(),
        type: 'text',
        caption: 'Ada kak, ukuran L ready',
      })
    ).code,
  ).toBe('1');
  await expect(bellCount()).toHaveCount(0);

  // Waiting again; opening the conversation clears it too.
  expect((await simulator.write(0, 'Oke kak, saya transfer')).delivered).toBe(true);
  await expect(bellCount()).toHaveText('1');
  await conversations()
    .getByRole('link', { name: new RegExp(rina.name) })
    .click();
  await expect(thread().getByText('Oke kak, saya transfer')).toBeVisible();
  await expect(bellCount()).toHaveCount(0);
  expect(await data(page, 'notification_count')).toEqual({ unread: 0 });
});

test('a gallery image attached in the composer shows its thumbnail and its size', async () => {
  const photo = await readFile(
    new URL('../packages/server/src/simulator/samples/photo.jpg', import.meta.url),
  );
  await page.goto(`/crm/gallery/${key}`);
  await page.getByTestId('gallery-upload').click();
  await page.locator('[data-testid="uploader"] input[type="file"]').setInputFiles({
    name: 'batik-parang.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(page.getByTestId('upload-item').first()).toHaveAttribute('data-status', 'processing-complete');
  await page.getByTestId('gallery-save').click();
  await expect(page.getByTestId('gallery-item')).toHaveCount(1);

  await page.goto(`/crm/chat/${key}/${customer(0).phone.slice(1)}`);
  await expect(thread().getByText('Oke kak, saya transfer')).toBeVisible();
  await page.getByRole('button', { name: 'Pilih dari galeri' }).click();
  const picker = page.getByRole('dialog', { name: 'Pilih dari galeri' });
  await picker.getByRole('row', { name: /batik-parang\.jpg/ }).click();
  await picker.getByRole('button', { name: 'Lampirkan' }).click();

  const item = page.getByTestId('upload-item').filter({ hasText: 'batik-parang.jpg' });
  await expect(item).toHaveAttribute('data-status', 'processing-complete');
  const thumbnail = item.getByTestId('tray-thumbnail');
  await expect(thumbnail).toBeVisible();
  expect(
    await thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
  ).toBe(true);
  await expect(item).toContainText(/[1-9][\d.,]* ?(B|KB|MB)/);
  // FilePond's own tile: the loaded file (its size and preview), not a blank "0 bytes".
  const tile = page.locator('.filepond--item');
  await expect(tile.locator('.filepond--file-info-sub')).not.toHaveText(/^0 /);
  await expect(tile.locator('.filepond--image-preview-wrapper')).toHaveCount(1);
});

test('a label is created from the chat and put on the customer', async () => {
  const labels = page.getByTestId('customer-labels');
  await labels.getByRole('button', { name: 'Tambah label ke pelanggan' }).click();
  await page.getByRole('searchbox', { name: 'Cari label' }).fill('Pelanggan Setia');
  await expect(page.getByText('Tidak ada label yang cocok.')).toHaveCount(0);
  await page.getByTestId('label-create').click();
  await expect(labels.getByTestId('customer-label')).toHaveText(['Pelanggan Setia']);
  const projectLabels = await data<{ name: string; customers: number }[]>(page, 'label_list', {
    key,
    all: true,
  });
  expect(projectLabels).toMatchObject([{ name: 'Pelanggan Setia', customers: 1 }]);

  // Enter on the offer creates too; a name the project has is offered as itself, not created again.
  await labels.getByRole('button', { name: 'Tambah label ke pelanggan' }).click();
  await page.getByRole('searchbox', { name: 'Cari label' }).fill('pelanggan setia');
  await expect(page.getByTestId('label-create')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Cari label' }).fill('Reseller');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(labels.getByTestId('customer-label')).toHaveText(['Pelanggan Setia', 'Reseller']);
});
