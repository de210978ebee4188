/**
 * Customers end to end on `/crm/customer/{key}`: the owner adds a customer (a phone already taken
 * is refused beside the phone), edits one (name, notes, a custom field), finds one by search,
 * pages through more than ten, filters by label and by first-contact dates through the date
 * pickers, opens a customer's conversation and deletes one; a CSV of 1,000 customers with 3 bad
 * rows imported through the screen imports 997 and reports the 3 by line, and the export holds
 * the same data; a member without `crm.customer.add` / `hapus` sees no add, import or delete.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { register } from './auth.ts';
import { numbered, two, useLanguage, walkTwoPages } from './paging.ts';
import { act, colleague, data, openShop } from './shop.ts';

// The browser's "today" is the project's (Asia/Jakarta), so the calendar's today is the day the
// customers are first contacted.
test.use({ timezoneId: 'Asia/Jakarta' });

const table = (page: Page) => page.getByRole('table', { name: 'Daftar pelanggan' });
const names = (page: Page) => table(page).getByTestId('customer-name');

/** `yyyy-mm-dd` of today (and `days` later) in Jakarta. */
function jakartaDay(days = 0): { value: string; day: string; month: string; year: string } {
  const date = new Date(Date.now() + days * 86_400_000);
  const value = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(date);
  const [year = '', month = '', day = ''] = value.split('-');
  return { value, day, month, year };
}

/** Types a date into a date picker's segments (Indonesian order: day, month, year). */
async function typeDate(picker: Locator, date: { day: string; month: string; year: string }) {
  await picker.getByRole('spinbutton').first().click();
  await picker.page().keyboard.type(`${date.day}${date.month}${date.year}`);
}

async function fillForm(
  dialog: Locator,
  fields: { name?: string; phone?: string; notes?: string },
): Promise<void> {
  if (fields.name !== undefined)
    await dialog.getByRole('textbox', { name: 'Nama', exact: true }).fill(fields.name);
  if (fields.phone !== undefined) await dialog.getByRole('textbox', { name: 'Nomor HP' }).fill(fields.phone);
  if (fields.notes !== undefined) await dialog.getByRole('textbox', { name: 'Catatan' }).fill(fields.notes);
}

test('the owner adds, edits, finds, pages through and deletes customers', async ({ page }) => {
  await register(page);
  const shop = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  await page.goto(`/crm/chat/${shop.key}`);
  await page.getByRole('link', { name: 'Pelanggan', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/customer/${shop.key}$`));
  await expect(table(page).getByText('Data tidak ditemukan')).toBeVisible();

  // Add, with a custom field.
  await page.getByTestId('customer-add').click();
  const add = page.getByRole('dialog', { name: 'Tambah pelanggan' });
  await fillForm(add, { name: 'Sari Dewi', phone: '0812 3450 0001', notes: 'Suka batik tulis' });
  await add.getByRole('button', { name: 'Tambah kolom' }).click();
  await add.getByRole('textbox', { name: 'Nama kolom 1' }).fill('kota');
  await add.getByRole('textbox', { name: 'Isi kolom 1' }).fill('Bandung');
  await add.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pelanggan Sari Dewi ditambahkan.')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(names(page)).toHaveText(['Sari Dewi']);
  await expect(table(page).getByTestId('customer-phone').first()).toHaveText('+6281234500001');

  // A phone the project has: refused beside the phone, the form kept.
  await page.getByTestId('customer-add').click();
  await fillForm(add, { name: 'Budi', phone: '081234500001' });
  await add.getByRole('button', { name: 'Simpan' }).click();
  const phone = add.getByRole('textbox', { name: 'Nomor HP' });
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('Pelanggan dengan nomor ini sudah ada.');
  await expect(add.getByRole('textbox', { name: 'Nama', exact: true })).toHaveValue('Budi');
  await add.getByRole('button', { name: 'Batal' }).click();
  await expect(add).toBeHidden();

  // In English: the form's own check beside its custom field row, the server's beside the phone.
  await useLanguage(page, 'English');
  await page.getByTestId('customer-add').click();
  const addEn = page.getByRole('dialog', { name: 'Add customer' });
  await addEn.getByRole('textbox', { name: 'Name', exact: true }).fill('Budi');
  await addEn.getByRole('textbox', { name: 'Phone number' }).fill('081234500001');
  await addEn.getByRole('button', { name: 'Add field' }).click();
  const fieldName = addEn.getByRole('textbox', { name: 'Field 1 name' });
  await fieldName.fill('no-hp!');
  await addEn.getByRole('button', { name: 'Save' }).click();
  await expect(fieldName).toHaveAccessibleDescription(
    'Field names hold letters, digits, _ and spaces only, at most 40 characters',
  );
  await fieldName.fill('hp');
  await addEn.getByRole('button', { name: 'Save' }).click();
  await expect(addEn.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(
    'A customer with this phone already exists.',
  );
  await addEn.getByRole('button', { name: 'Cancel' }).click();
  await useLanguage(page, 'Bahasa Indonesia');

  // Edit: name, notes and the custom field.
  await table(page).getByRole('button', { name: 'Ubah pelanggan Sari Dewi' }).click();
  const edit = page.getByRole('dialog', { name: 'Ubah pelanggan' });
  await expect(edit.getByRole('textbox', { name: 'Nama kolom 1' })).toHaveValue('kota');
  await fillForm(edit, { name: 'Sari Ayu', notes: 'Pelanggan lama' });
  await edit.getByRole('textbox', { name: 'Isi kolom 1' }).fill('Jakarta');
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pelanggan Sari Ayu disimpan.')).toBeVisible();
  await expect(names(page)).toHaveText(['Sari Ayu']);
  const [saved] = await data<{ name: string; notes: string; customFields: Record<string, string> }[]>(
    page,
    'customer_list',
    { key: shop.key, search: 'ayu' },
  );
  expect(saved).toMatchObject({
    name: 'Sari Ayu',
    notes: 'Pelanggan lama',
    customFields: { kota: 'Jakarta' },
  });

  // Twelve more customers (by act) make two pages: Next, Prev and a page link.
  for (let index = 1; index <= 12; index += 1)
    await data(page, 'customer_create', {
      key: shop.key,
      name: `Pelanggan ${two(index)}`,
      phone: `0812345100${two(index)}`,
    });
  await page.reload();
  await walkTwoPages(
    page,
    names(page),
    numbered(10, (n) => `Pelanggan ${two(13 - n)}`),
    ['Pelanggan 02', 'Pelanggan 01', 'Sari Ayu'],
  );

  // Search.
  await page.getByTestId('customer-search').fill('ayu');
  await expect(names(page)).toHaveText(['Sari Ayu']);
  await page.getByTestId('customer-search').fill('');
  await expect(names(page)).toHaveCount(10);

  // Delete, after a confirmation.
  await page.getByTestId('customer-search').fill('Pelanggan 01');
  await expect(names(page)).toHaveText(['Pelanggan 01']);
  await table(page).getByRole('button', { name: 'Hapus pelanggan Pelanggan 01' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hapus pelanggan Pelanggan 01?' });
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(names(page)).toHaveText(['Pelanggan 01']);
  await table(page).getByRole('button', { name: 'Hapus pelanggan Pelanggan 01' }).click();
  await confirm.getByTestId('customer-delete-confirm').click();
  await expect(page.getByText('Pelanggan Pelanggan 01 dihapus.')).toBeVisible();
  await expect(table(page).getByText('Data tidak ditemukan')).toBeVisible();
  expect(await data<unknown[]>(page, 'customer_list', { key: shop.key, search: 'Pelanggan 01' })).toEqual([]);
});

test("the owner filters by label and opens a customer's conversation", async ({ page }) => {
  const shop = await openShop(page);
  const writer = shop.simulator.customers[0];
  if (writer === undefined) throw new Error('no simulated customer');
  expect((await shop.simulator.write(0, 'Halo, kain batik masih ada?')).delivered).toBe(true);
  for (let index = 1; index <= 3; index += 1)
    await data(page, 'customer_create', {
      key: shop.key,
      name: `Pelanggan ${index}`,
      phone: `08123452000${index}`,
    });

  // Label filter: the customer who wrote carries VIP.
  const vip = await data<{ id: string }>(page, 'label_create', {
    key: shop.key,
    name: 'VIP',
    color: '#43a047',
  });
  const [writerRow] = await data<{ id: string; conversationId: string }[]>(page, 'customer_list', {
    key: shop.key,
    search: writer.name.split(' ')[0],
  });
  if (writerRow === undefined) throw new Error('the customer who wrote is not listed');
  await data(page, 'customer_label_set', {
    key: shop.key,
    customerId: writerRow.id,
    labelId: vip.id,
    attached: true,
  });
  await page.goto(`/crm/customer/${shop.key}`);
  await expect(names(page)).toHaveCount(4);
  await page.getByTestId('customer-filter-labelId').click();
  await page.getByRole('option', { name: 'VIP' }).click();
  await expect(names(page)).toHaveText([writer.name]);
  await expect(table(page).getByTestId('customer-label-chip')).toHaveText(['VIP']);
  await page.getByTestId('customer-filter-labelId').click();
  await page.getByRole('option', { name: 'Semua label' }).click();
  await expect(names(page)).toHaveCount(4);

  // Open the conversation of the customer who wrote.
  await page.getByTestId('customer-search').fill(writer.name);
  await expect(names(page)).toHaveText([writer.name]);
  const open = table(page).getByRole('link', { name: `Buka percakapan dengan ${writer.name}` });
  await expect(open).toHaveAttribute('href', `/crm/chat/${shop.key}/${writerRow.conversationId}`);
  await expect(table(page).getByRole('link', { name: /Buka percakapan/ })).toHaveCount(1);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/crm/chat/${shop.key}/${writerRow.conversationId}$`));
  await expect(
    page.getByRole('log', { name: 'Pesan' }).getByText('Halo, kain batik masih ada?'),
  ).toBeVisible();
});

test('the owner filters by first-contact dates with the date pickers', async ({ page }) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  for (let index = 1; index <= 4; index += 1)
    await data(page, 'customer_create', { key, name: `Pelanggan ${index}`, phone: `08123453000${index}` });
  await page.goto(`/crm/customer/${key}`);
  await expect(names(page)).toHaveCount(4);

  // First-contact dates through the date pickers: from today (the calendar), to yesterday (typed)
  // is reversed and not applied; with only "to" yesterday nobody is left; cleared, all are back.
  const today = jakartaDay();
  const yesterday = jakartaDay(-1);
  await page.getByRole('button', { name: 'Buka kalender Kontak pertama dari' }).click();
  const calendar = page.getByRole('dialog', { name: 'Kontak pertama dari' });
  await expect(calendar.getByRole('grid')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  const from = page.getByTestId('customer-filter-from');
  await expect(from.getByRole('spinbutton')).toHaveText([today.day, today.month, today.year]);
  await expect(names(page)).toHaveCount(4);
  const to = page.getByTestId('customer-filter-to');
  await typeDate(to, yesterday);
  await expect(page.getByText('Tanggal akhir tidak boleh sebelum tanggal awal.')).toBeVisible();
  await expect(names(page)).toHaveCount(4);
  await expect(page.getByTestId('customer-export')).toBeDisabled();
  await page.getByRole('button', { name: 'Kosongkan Kontak pertama dari' }).click();
  await expect(table(page).getByText('Data tidak ditemukan')).toBeVisible();
  await expect(page.getByText('Tanggal akhir tidak boleh sebelum tanggal awal.')).toBeHidden();
  await typeDate(to, today);
  await expect(names(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Kosongkan Kontak pertama sampai' }).click();
  await expect(to.getByRole('spinbutton').first()).toHaveText('hh');
});

/** 1,000 rows as the server test builds them; rows 10, 500 and 900 are bad (lines 12, 502, 902). */
function thousandRows(): string {
  const lines = ['nama,nomor,catatan,kota'];
  for (let index = 0; index < 1000; index += 1) {
    if (index === 10) lines.push(',081200000010,tanpa nama,Solo');
    else if (index === 500) lines.push('Salah Nomor,12ab,,Medan');
    else if (index === 900) lines.push(`Kembar,0812${String(5000000 + 5).padStart(7, '0')},,Depok`);
    else
      lines.push(
        `Pelanggan ${index},0812${String(5000000 + index).padStart(7, '0')},"catatan, ke-${index}",Kota ${index % 7}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

test('a CSV of 1,000 customers with 3 bad rows imports 997, reports the 3, and exports the same data', async ({
  page,
}) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Impor' });
  await page.goto(`/crm/customer/${key}`);
  await expect(table(page).getByText('Data tidak ditemukan')).toBeVisible();

  const csv = thousandRows();
  await page.getByTestId('customer-import').click();
  const dialog = page.getByRole('dialog', { name: 'Impor pelanggan dari CSV' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'pelanggan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });

  // The preview comes first: the first rows, and every problem by its line; nothing stored yet.
  await expect(dialog.getByTestId('customer-import-summary')).toHaveText(
    '997 baris siap diimpor, 3 baris bermasalah.',
  );
  await expect(dialog.getByTestId('customer-import-row')).toHaveCount(10);
  await expect(dialog.getByTestId('customer-import-row').first()).toContainText('Pelanggan 0');
  const problems = dialog.getByTestId('customer-import-problem');
  await expect(problems).toHaveCount(3);
  expect(await problems.evaluateAll((items) => items.map((item) => item.getAttribute('data-line')))).toEqual([
    '12',
    '502',
    '902',
  ]);
  await expect(problems.first()).toContainText('Baris 12, nama:');
  await expect(problems.nth(1)).toContainText('Baris 502, nomor:');
  await expect(problems.nth(2)).toContainText('Baris 902, nomor:');
  const before = (await act(page, 'customer_list', { key })) as { total_page?: number };
  expect(before.total_page).toBe(0);

  await dialog.getByRole('button', { name: 'Impor 997 pelanggan' }).click();
  await expect(dialog.getByTestId('customer-import-result')).toHaveText(
    '997 pelanggan diimpor: 997 baru, 0 diperbarui.',
  );
  await expect(dialog.getByText('3 baris tidak diimpor:')).toBeVisible();
  await expect(dialog.getByTestId('customer-import-problem')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('997 pelanggan diimpor.')).toBeVisible();
  await expect(names(page)).toHaveCount(10);
  await expect(
    page.getByRole('navigation', { name: 'Halaman tabel' }).getByRole('button', { name: 'Berikutnya' }),
  ).toBeEnabled();

  // The export: the download is the same data as the good rows of the file.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('customer-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pelanggan-${key}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const path = await download.path();
  const exported = Papa.parse<Record<string, string>>(await readFile(path, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  expect(exported.meta.fields?.slice(0, 6)).toEqual([
    'name',
    'phone',
    'notes',
    'labels',
    'stage',
    'created_at',
  ]);
  const sent = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  const good = sent
    .filter((_, index) => ![10, 500, 900].includes(index))
    .map((row) => [row.nama, `+62${(row.nomor ?? '').slice(1)}`, row.catatan, row.kota].join('|'))
    .sort();
  expect(exported.data).toHaveLength(997);
  expect(exported.data.map((row) => [row.name, row.phone, row.notes, row.kota].join('|')).sort()).toEqual(
    good,
  );
  await expect(page.getByText(/^997 pelanggan diekspor ke pelanggan-/)).toBeVisible();
});

test('a member without crm.customer.add and hapus sees no add, import or delete', async ({
  page,
  browser,
}) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  await data(page, 'customer_create', { key, name: 'Rina', phone: '081234560001' });
  const member = await colleague(browser, key, [
    'crm.menu',
    'crm.customer.menu',
    'crm.customer.view',
    'crm.customer.edit',
  ]);
  try {
    await member.page.goto(`/crm/customer/${key}`);
    await expect(names(member.page)).toHaveText(['Rina']);
    await expect(member.page.getByRole('link', { name: 'Pelanggan', exact: true })).toBeVisible();
    await expect(table(member.page).getByRole('button', { name: 'Ubah pelanggan Rina' })).toBeVisible();
    await expect(member.page.getByTestId('customer-export')).toBeVisible();
    await expect(member.page.getByRole('button', { name: 'Tambah pelanggan' })).toHaveCount(0);
    await expect(member.page.getByRole('button', { name: 'Impor CSV' })).toHaveCount(0);
    await expect(table(member.page).getByRole('button', { name: 'Hapus pelanggan Rina' })).toHaveCount(0);
    // Phones are masked for this member: the form keeps the phone read-only.
    await expect(table(member.page).getByTestId('customer-phone')).toHaveText('+62812*****001');
    await table(member.page).getByRole('button', { name: 'Ubah pelanggan Rina' }).click();
    const edit = member.page.getByRole('dialog', { name: 'Ubah pelanggan' });
    await expect(edit.getByRole('textbox', { name: 'Nomor HP' })).toBeDisabled();
    await edit.getByRole('textbox', { name: 'Nama', exact: true }).fill('Rina Sari');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await expect(names(member.page)).toHaveText(['Rina Sari']);
  } finally {
    await member.context.close();
  }
});

test('on a phone (390×844) the customers are cards with their actions in reach', async ({ page }) => {
  const shop = await openShop(page);
  await data(page, 'customer_create', { key: shop.key, name: 'Sari Dewi', phone: '081234520099' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/crm/customer/${shop.key}`);
  const edit = table(page).getByRole('button', { name: 'Ubah pelanggan Sari Dewi' });
  await edit.scrollIntoViewIfNeeded();
  const box = await edit.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // No sideways scroll: the table is no wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const tableBox = await table(page).boundingBox();
  expect(tableBox?.width ?? 999).toBeLessThanOrEqual(390);
  await edit.click();
  await expect(page.getByRole('dialog', { name: 'Ubah pelanggan' })).toBeVisible();
});

test('at 1366×800 every row keeps its actions on one line and in view', async ({ page }) => {
  const shop = await openShop(page);
  await data(page, 'customer_create', { key: shop.key, name: 'Sari Dewi', phone: '081234520098' });
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/crm/customer/${shop.key}`);
  const actions = ['Ubah pelanggan Sari Dewi', 'Hapus pelanggan Sari Dewi'].map((name) =>
    table(page).getByRole('button', { name }),
  );
  const boxes = await Promise.all(actions.map(async (button) => button.boundingBox()));
  // The frame the table scrolls sideways in.
  const frame = await table(page).locator('..').boundingBox();
  expect(frame).not.toBeNull();
  for (const box of boxes) {
    expect(box).not.toBeNull();
    // Stuck inside the frame's right edge even when the other columns scroll sideways.
    expect((box?.x ?? 9999) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
  }
  // Side by side, not stacked into a row three buttons tall.
  expect(boxes[0]?.y).toBe(boxes[1]?.y);
});
