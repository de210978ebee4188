/**
 * Labels end to end: the owner keeps the project's labels on `/crm/label/{key}` (add, a name
 * already taken, sort, search, edit, delete), an agent puts them on a customer from the chat's
 * customer panel, and the inbox keeps to the customers carrying one. The table pages through
 * more than ten labels, and the form's errors sit beside their fields in Indonesian and English.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { register } from './auth.ts';
import { numbered, two, useLanguage, walkTwoPages } from './paging.ts';
import { data, openShop } from './shop.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Daftar label' });
const names = (page: Page) => table(page).getByTestId('label-name');

async function addLabel(page: Page, name: string, color: { swatch: string } | { hex: string }) {
  await page.getByTestId('label-add').click();
  const form = page.getByRole('dialog', { name: 'Tambah label' });
  await form.getByRole('textbox', { name: 'Nama label' }).fill(name);
  // A palette swatch is the radio's label (the input itself is visually hidden).
  if ('swatch' in color)
    await form
      .getByTestId('label-color')
      .filter({ has: page.getByRole('radio', { name: color.swatch, exact: true }) })
      .click();
  else await form.getByRole('textbox', { name: 'Kode warna (#rrggbb)' }).fill(color.hex);
  await form.getByRole('button', { name: 'Simpan' }).click();
}

test('the owner adds, sorts, searches, edits and deletes labels', async ({ page }) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  await page.goto(`/crm/chat/${key}`);
  await page.getByRole('link', { name: 'Label', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/label/${key}$`));
  await expect(table(page).getByText('Data tidak ditemukan')).toBeVisible();

  await addLabel(page, 'Grosir', { hex: '#1E88E5' });
  await expect(page.getByText('Label Grosir ditambahkan.')).toBeVisible();
  await addLabel(page, 'VIP', { swatch: 'Hijau' });
  await expect(names(page)).toHaveText(['Grosir', 'VIP']);

  // A name the project has already (any case) stays in the form, with the server's reason.
  await addLabel(page, 'vip', { swatch: 'Merah' });
  const form = page.getByRole('dialog', { name: 'Tambah label' });
  await expect(form.getByText('Label dengan nama ini sudah ada.')).toBeVisible();
  await form.getByRole('button', { name: 'Batal' }).click();
  await expect(form).toBeHidden();

  await table(page).getByRole('button', { name: 'Dibuat' }).click();
  await expect(names(page)).toHaveText(['VIP', 'Grosir']);
  await expect(table(page).getByRole('columnheader', { name: 'Dibuat' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await table(page).getByRole('button', { name: 'Nama' }).click();
  await expect(names(page)).toHaveText(['Grosir', 'VIP']);
  await page.getByTestId('label-search').fill('vi');
  await expect(names(page)).toHaveText(['VIP']);
  await page.getByTestId('label-search').fill('');
  await expect(names(page)).toHaveText(['Grosir', 'VIP']);

  await table(page).getByRole('button', { name: 'Ubah label Grosir' }).click();
  const edit = page.getByRole('dialog', { name: 'Ubah label' });
  await edit.getByRole('textbox', { name: 'Nama label' }).fill('Grosir Besar');
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(names(page)).toHaveText(['Grosir Besar', 'VIP']);

  await table(page).getByRole('button', { name: 'Hapus label VIP' }).click();
  await page.getByTestId('label-delete-confirm').click();
  await expect(page.getByText('Label VIP dihapus.')).toBeVisible();
  await expect(names(page)).toHaveText(['Grosir Besar']);
});

test('an agent labels a customer from the chat, and the inbox keeps to a label', async ({ page }) => {
  const shop = await openShop(page);
  const vip = await data<{ id: string }>(page, 'label_create', {
    key: shop.key,
    name: 'VIP',
    color: '#43a047',
  });
  await data(page, 'label_create', { key: shop.key, name: 'Grosir', color: '#1e88e5' });
  const customer = shop.simulator.customers[0];
  if (customer === undefined) throw new Error('no simulated customer');
  await shop.simulator.write(0, 'Halo, mau tanya harga grosir');

  await page.goto(`/crm/chat/${shop.key}`);
  const conversations = page.getByRole('list', { name: 'Daftar percakapan' });
  await conversations.getByRole('link', { name: new RegExp(customer.name) }).click();
  const labels = page.getByTestId('customer-labels');
  await expect(labels.getByText('Belum ada label.')).toBeVisible();

  await labels.getByRole('button', { name: 'Tambah label ke pelanggan' }).click();
  await page.getByRole('searchbox', { name: 'Cari label' }).fill('vi');
  await expect(page.getByTestId('label-option')).toHaveText(['VIP']);
  await page.getByTestId('label-option').click();
  await expect(labels.getByTestId('customer-label')).toHaveText(['VIP']);
  await expect(labels.getByTestId('customer-label')).toHaveAttribute('data-label-id', vip.id);

  // Keyboard: open, type, Enter.
  await labels.getByRole('button', { name: 'Tambah label ke pelanggan' }).click();
  await page.getByRole('searchbox', { name: 'Cari label' }).fill('gro');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(labels.getByTestId('customer-label')).toHaveText(['Grosir', 'VIP']);
  await labels.getByRole('button', { name: 'Lepas label Grosir' }).click();
  await expect(labels.getByTestId('customer-label')).toHaveText(['VIP']);

  // The label, stage and division filters show under the list's Filter button.
  await page.getByTestId('list-filters-toggle').click();
  await page.getByTestId('label-filter').click();
  await page.getByRole('option', { name: 'Grosir' }).click();
  await expect(page.getByText('Tidak ada percakapan.')).toBeVisible();
  await page.getByTestId('label-filter').click();
  await page.getByRole('option', { name: 'VIP' }).click();
  await expect(conversations.getByRole('link', { name: new RegExp(customer.name) })).toBeVisible();
  await page.getByTestId('label-filter').click();
  await page.getByRole('option', { name: 'Semua label' }).click();
  await expect(page.getByTestId('label-filter')).toHaveText(/Semua label/);
});

test('the labels table pages through twelve labels, and a taken name shows beside the name field in both languages', async ({
  page,
}) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  const all = numbered(12, (n) => `Label ${two(n)}`);
  for (const name of all) await data(page, 'label_create', { key, name, color: '#1e88e5' });
  await page.goto(`/crm/label/${key}`);
  await walkTwoPages(page, names(page), all.slice(0, 10), all.slice(10));

  // The server's field error is the name field's own (its accessible description).
  await page.getByTestId('label-add').click();
  const form = page.getByTestId('label-form');
  await form.getByRole('textbox', { name: 'Nama label' }).fill('label 12');
  await page.getByTestId('label-save').click();
  await expect(form.getByRole('textbox', { name: 'Nama label' })).toHaveAccessibleDescription(
    'Label dengan nama ini sudah ada.',
  );
  await form.getByRole('button', { name: 'Batal' }).click();
  await expect(form).toBeHidden();

  await useLanguage(page, 'English');
  await expect(page.getByRole('table', { name: 'Labels' })).toBeVisible();
  await page.getByTestId('label-add').click();
  await form.getByRole('textbox', { name: 'Label name' }).fill('LABEL 01');
  await page.getByTestId('label-save').click();
  await expect(form.getByRole('textbox', { name: 'Label name' })).toHaveAccessibleDescription(
    'A label with this name already exists.',
  );
  // A client check, too, sits beside its field: a colour that is not #rrggbb.
  await form.getByRole('textbox', { name: 'Colour code (#rrggbb)' }).fill('#12');
  await form.getByRole('textbox', { name: 'Label name' }).fill('Baru');
  await page.getByTestId('label-save').click();
  await expect(form.getByRole('textbox', { name: 'Colour code (#rrggbb)' })).toHaveAccessibleDescription(
    /#rrggbb/,
  );
  await expect(form.getByRole('textbox', { name: 'Label name' })).toHaveValue('Baru');
});
