/**
 * Divisions end to end: the owner keeps the project's divisions on `/crm/divisi/{key}` (add, a
 * name already taken, edit, search, pages of more than ten, delete) and their members; a
 * conversation put in a division from the chat's customer panel shows at once in the open inbox
 * of an agent of that division who sees only their own conversations, and leaves it when taken
 * out again; the inbox's division filter keeps to one division.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { register } from './auth.ts';
import { CHAT_AGENT, colleague, data, openShop } from './shop.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Daftar divisi' });
const names = (page: Page) => table(page).getByTestId('division-name');
const conversations = (page: Page) => page.getByRole('list', { name: 'Daftar percakapan' });

async function addDivision(page: Page, name: string, color: { swatch: string } | { hex: string }) {
  await page.getByTestId('division-add').click();
  const form = page.getByRole('dialog', { name: 'Tambah divisi' });
  await form.getByRole('textbox', { name: 'Nama divisi' }).fill(name);
  // A palette swatch is the radio's label (the input itself is visually hidden).
  if ('swatch' in color)
    await form
      .getByTestId('division-color')
      .filter({ has: page.getByRole('radio', { name: color.swatch, exact: true }) })
      .click();
  else await form.getByRole('textbox', { name: 'Kode warna (#rrggbb)' }).fill(color.hex);
  await form.getByRole('button', { name: 'Simpan' }).click();
}

test('the owner adds, edits, searches, pages through and deletes divisions', async ({ page }) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  await page.goto(`/crm/chat/${key}`);
  await page.getByRole('link', { name: 'Divisi', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/divisi/${key}$`));
  await expect(table(page).getByText('Data tidak ditemukan')).toBeVisible();

  await addDivision(page, 'Gudang', { hex: '#00897B' });
  await expect(page.getByText('Divisi Gudang ditambahkan.')).toBeVisible();
  await addDivision(page, 'Penjualan', { swatch: 'Ungu' });
  await expect(names(page)).toHaveText(['Gudang', 'Penjualan']);
  await expect(table(page).getByTestId('division-members')).toHaveText(['0 anggota', '0 anggota']);

  // A name the project has already (any case) stays in the form, with the server's reason.
  await addDivision(page, 'penjualan', { swatch: 'Merah' });
  const form = page.getByRole('dialog', { name: 'Tambah divisi' });
  await expect(form.getByText('Divisi dengan nama ini sudah ada.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Nama divisi' })).toHaveValue('penjualan');
  await form.getByRole('button', { name: 'Batal' }).click();
  await expect(form).toBeHidden();

  await table(page).getByRole('button', { name: 'Ubah divisi Gudang' }).click();
  const edit = page.getByRole('dialog', { name: 'Ubah divisi' });
  await edit.getByRole('textbox', { name: 'Nama divisi' }).fill('Gudang Pusat');
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Divisi Gudang Pusat disimpan.')).toBeVisible();
  await expect(names(page)).toHaveText(['Gudang Pusat', 'Penjualan']);

  await page.getByTestId('division-search').fill('pusat');
  await expect(names(page)).toHaveText(['Gudang Pusat']);
  await page.getByTestId('division-search').fill('');
  await expect(names(page)).toHaveText(['Gudang Pusat', 'Penjualan']);

  // Twelve more by act: fourteen divisions, ten a page.
  for (let n = 1; n <= 12; n++)
    await data(page, 'division_create', { key, name: `Tim ${String(n).padStart(2, '0')}`, color: '#1e88e5' });
  await page.reload();
  const firstPage = ['Gudang Pusat', 'Penjualan', ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Tim 0${n}`)];
  await expect(names(page)).toHaveText(firstPage);
  const pager = page.getByRole('navigation', { name: 'Halaman tabel' });
  await expect(pager.getByRole('button', { name: 'Sebelumnya' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(names(page)).toHaveText(['Tim 09', 'Tim 10', 'Tim 11', 'Tim 12']);
  await expect(pager.getByRole('button', { name: 'Berikutnya' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Halaman 2' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('button', { name: 'Halaman 1' }).click();
  await expect(names(page)).toHaveText(firstPage);
  await pager.getByRole('button', { name: 'Halaman 2' }).click();
  await expect(names(page)).toHaveText(['Tim 09', 'Tim 10', 'Tim 11', 'Tim 12']);
  await pager.getByRole('button', { name: 'Sebelumnya' }).click();
  await expect(names(page)).toHaveText(firstPage);

  await table(page).getByRole('button', { name: 'Hapus divisi Penjualan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hapus divisi Penjualan?' });
  await confirm.getByTestId('division-delete-confirm').click();
  await expect(page.getByText('Divisi Penjualan dihapus.')).toBeVisible();
  await expect(names(page)).toHaveText([
    'Gudang Pusat',
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `Tim 0${n}`),
  ]);
  const left = await data<{ name: string }[]>(page, 'division_list', { key, all: true });
  expect(left.map((division) => division.name)).not.toContain('Penjualan');
  expect(left).toHaveLength(13);
});

test("a conversation put in a division shows live in the inbox of the division's agent, and leaves it", async ({
  page,
  browser,
}) => {
  const shop = await openShop(page);
  const [first, second] = shop.simulator.customers;
  if (first === undefined || second === undefined) throw new Error('no simulated customers');
  const sales = await data<{ id: string }>(page, 'division_create', {
    key: shop.key,
    name: 'Penjualan',
    color: '#8e24aa',
  });
  await data(page, 'division_create', { key: shop.key, name: 'Layanan', color: '#43a047' });
  await shop.simulator.write(0, 'Halo, mau pesan batik tulis');
  await shop.simulator.write(1, 'Kak, ongkir ke Medan berapa?');

  // An agent who sees only what is assigned to them (no crm.chat.show_all_chat).
  const agent = await colleague(browser, shop.key, CHAT_AGENT);

  // The owner makes the agent a member of Penjualan.
  await page.goto(`/crm/divisi/${shop.key}`);
  await table(page).getByRole('button', { name: 'Anggota divisi Penjualan' }).click();
  const members = page.getByRole('dialog', { name: 'Anggota divisi Penjualan' });
  await expect(members.getByText('Belum ada anggota.')).toBeVisible();
  await members.getByTestId('division-member-add').click();
  await page.getByRole('searchbox', { name: 'Cari anggota proyek' }).fill(agent.user.name);
  await page.getByRole('option', { name: agent.user.name, exact: true }).click();
  await expect(members.getByTestId('division-member')).toHaveCount(1);
  await expect(members.getByTestId('division-member')).toContainText(agent.user.name);
  await members.getByTestId('division-members-close').click();
  await expect(members).toBeHidden();
  const salesRow = table(page).getByRole('row').filter({ hasText: 'Penjualan' });
  await expect(salesRow.getByTestId('division-members')).toHaveText('1 anggota');
  const listed = await data<{ userId: string }[]>(page, 'division_member_list', {
    key: shop.key,
    divisionId: sales.id,
  });
  expect(listed).toHaveLength(1);

  // The agent's inbox is open, and empty: nothing is theirs yet.
  await agent.page.goto(`/crm/chat/${shop.key}`);
  await expect(agent.page.getByText('Tidak ada percakapan.')).toBeVisible();

  // The owner puts the first customer's conversation in Penjualan from the customer panel.
  await page.goto(`/crm/chat/${shop.key}`);
  await conversations(page)
    .getByRole('link', { name: new RegExp(first.name) })
    .click();
  await expect(page.getByTestId('customer-division')).toHaveText('Tanpa divisi');
  await page.getByTestId('division-select').click();
  await page.getByRole('option', { name: 'Penjualan' }).click();
  await expect(page.getByTestId('customer-division')).toHaveText('Penjualan');
  await expect(
    conversations(page)
      .getByRole('link', { name: new RegExp(first.name) })
      .getByTestId('conversation-division'),
  ).toContainText('Penjualan');

  // The agent's open inbox shows it at once, without a reload.
  await expect(conversations(agent.page).getByRole('link', { name: new RegExp(first.name) })).toBeVisible();
  await expect(conversations(agent.page).getByRole('link')).toHaveCount(1);

  // The inbox's division filter keeps to one division.
  // The label, stage and division filters show under the list's Filter button.
  await page.getByTestId('list-filters-toggle').click();
  await page.getByTestId('division-filter').click();
  await page.getByRole('option', { name: 'Penjualan' }).click();
  await expect(conversations(page).getByRole('link')).toHaveCount(1);
  await expect(conversations(page).getByRole('link', { name: new RegExp(first.name) })).toBeVisible();
  await page.getByTestId('division-filter').click();
  await page.getByRole('option', { name: 'Layanan' }).click();
  await expect(page.getByText('Tidak ada percakapan.')).toBeVisible();
  await page.getByTestId('division-filter').click();
  await page.getByRole('option', { name: 'Semua divisi' }).click();
  await expect(conversations(page).getByRole('link', { name: new RegExp(second.name) })).toBeVisible();
  await expect(conversations(page).getByRole('link')).toHaveCount(2);

  // Taken out of the division: it leaves the agent's list, live.
  await page.getByTestId('division-select').click();
  await page.getByRole('option', { name: 'Tanpa divisi' }).click();
  await expect(page.getByTestId('customer-division')).toHaveText('Tanpa divisi');
  await expect(agent.page.getByText('Tidak ada percakapan.')).toBeVisible();
  await expect(conversations(agent.page).getByRole('link')).toHaveCount(0);
  await agent.context.close();
});
