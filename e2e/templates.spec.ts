/**
 * Verified numbers and message templates (issue 15), on one owner and one project: adding a
 * number asks Meta first (a wrong token or WABA is refused beside its field and nothing is
 * stored; the right one shows the verified name, quality and tier Meta answered), and a template
 * with a variable and a link button is written in the editor, checked against Meta's rules as it
 * is typed, submitted, shown in review, and approved live when Meta's status webhook arrives.
 */
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { register } from './auth.ts';
import { registerNumber } from './control.ts';
import { data } from './shop.ts';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let key = '';
const phoneNumberId = `7${Date.now() % 1_000_000_000}001`;
const token = `token-${phoneNumberId}`;
let wabaId = '';

const numbers = () => page.getByRole('list', { name: 'Nomor WhatsApp proyek' });
const field = (name: string) => page.getByRole('textbox', { name, exact: true });

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  await register(page);
  ({ key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' }));
  ({ wabaId } = await registerNumber(phoneNumberId, token, {
    displayPhone: '6281277770001',
    verifiedName: 'Batik Sari Official',
    qualityRating: 'YELLOW',
    messagingLimit: 'TIER_2K',
  }));
});

test.afterAll(async () => {
  await context.close();
});

test('an owner adds a number: a wrong token or WABA is refused beside its field, the right one is verified', async () => {
  await page.goto(`/project/account/${key}`);
  await field('Nama akun').fill('Toko Utama');
  await field('ID WhatsApp Business Account').fill(wabaId);
  await field('ID nomor telepon (Meta)').fill(phoneNumberId);
  await page.getByLabel('Token akses', { exact: true }).fill('token-salah');
  await page.getByRole('button', { name: 'Tambah nomor' }).click();
  await expect(page.getByText('Meta menolak token akses ini (tidak valid atau kedaluwarsa).')).toBeVisible();
  await expect(page.getByLabel('Token akses', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // The right token, but a WABA the number is not in.
  await page.getByLabel('Token akses', { exact: true }).fill(token);
  await field('ID WhatsApp Business Account').fill('123456789');
  await page.getByRole('button', { name: 'Tambah nomor' }).click();
  await expect(field('ID WhatsApp Business Account')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Token akses', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  expect(await data<unknown[]>(page, 'account_list', { key })).toEqual([]);
  await expect(numbers()).toHaveCount(0);

  await field('ID WhatsApp Business Account').fill(wabaId);
  await page.getByRole('button', { name: 'Tambah nomor' }).click();
  const verified = page.getByTestId('account-verified');
  await expect(verified).toContainText('Batik Sari Official');
  await expect(verified).toContainText('kualitas Sedang');
  const card = numbers()
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Toko Utama' }) });
  await expect(card.getByText('Batik Sari Official')).toBeVisible();
  await expect(card.getByText('+6281277770001')).toBeVisible();
  await expect(card.getByText('Sedang', { exact: true })).toBeVisible();
  await expect(card.getByText('2.000 pelanggan/24 jam')).toBeVisible();
  await expect(card.getByText(wabaId)).toBeVisible();
  await expect(card.getByText('Terhubung', { exact: true })).toBeVisible();
  // The form is empty again for the next number.
  await expect(field('Nama akun')).toHaveValue('');
});

test('the owner writes a template with a variable and a link button; it is in review, then approved live', async () => {
  await page.getByRole('tab', { name: 'Template pesan' }).click();
  // Nothing was read from Meta yet: the tab reads it at once, and a new WABA has Meta's sample.
  const sample = page.getByTestId('template-card').filter({ hasText: 'hello_world' });
  await expect(sample.getByTestId('template-status')).toHaveText('Disetujui');
  await page.getByRole('button', { name: 'Buat template' }).click();
  await expect(page.getByRole('heading', { name: 'Template baru' })).toBeVisible();
  // Nothing to send yet.
  await expect(page.getByRole('button', { name: 'Kirim ke Meta' })).toBeDisabled();

  await field('Nama').fill('Update Pesanan');
  await expect(
    page.getByText('Hanya huruf kecil, angka, dan garis bawah', { exact: false }).first(),
  ).toBeVisible();
  await field('Nama').fill('update_pesanan');
  await expect(field('Nama')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('template-category').click();
  await page.getByRole('option', { name: 'Utilitas' }).click();

  const body = page.getByTestId('template-body');
  await body.fill('Halo ');
  await page.getByRole('button', { name: 'Tambah variabel' }).click();
  await expect(body).toHaveValue('Halo {{1}}');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await body.press('End');
  await body.pressSequentially(', pesanan Anda sudah dikirim.');
  await expect(body).toHaveValue('Halo {{1}}, pesanan Anda sudah dikirim.');
  await field('Contoh untuk {{1}}').fill('Sari');

  await page.getByRole('button', { name: '+ Tautan' }).click();
  await field('Teks tombol').fill('Lacak');
  await field('URL').fill('https://toko.id/lacak/');
  await page.getByRole('button', { name: 'Akhiri dengan {{1}}' }).click();
  await expect(field('URL')).toHaveValue('https://toko.id/lacak/{{1}}');
  await field('Contoh tautan lengkap').fill('https://toko.id/lacak/A1');

  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('Halo Sari, pesanan Anda sudah dikirim.');
  await expect(preview).toContainText('Lacak');
  await expect(page.getByText('Siap dikirim untuk ditinjau Meta.')).toBeVisible();
  await page.getByRole('button', { name: 'Kirim ke Meta' }).click();

  const card = page.getByTestId('template-card').filter({ hasText: 'update_pesanan' });
  await expect(card.getByTestId('template-status')).toHaveText('Ditinjau');
  await expect(card).toContainText('Utilitas');
  // Meta reviews it and its status webhook reaches the server: the tab follows without a reload.
  await expect(card.getByTestId('template-status')).toHaveText('Disetujui', { timeout: 15_000 });
  const [account] = await data<Array<{ id: string }>>(page, 'account_list', { key });
  const listed = await data<Array<{ name: string; status: string; buttons: unknown[] }>>(
    page,
    'template_list',
    {
      key,
      accountId: account?.id,
    },
  );
  const stored = listed.find((template) => template.name === 'update_pesanan');
  expect(stored).toMatchObject({
    name: 'update_pesanan',
    status: 'APPROVED',
    buttons: [{ type: 'URL', text: 'Lacak', url: 'https://toko.id/lacak/{{1}}' }],
  });
});
