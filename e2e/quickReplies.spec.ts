/**
 * Quick replies end to end: the owner saves one with `{nama}` on `/crm/quick-reply/{key}`, an
 * agent types `/` in the composer, picks it, and the customer receives it with their name filled.
 * The table pages through more than ten, and the form's errors sit beside their fields in
 * Indonesian and English.
 */
import { expect, test } from '@playwright/test';
import { register } from './auth.ts';
import { numbered, two, useLanguage, walkTwoPages } from './paging.ts';
import { data, openShop } from './shop.ts';

test('a / quick reply with {nama} reaches the simulator with the name filled', async ({ page }) => {
  const shop = await openShop(page);
  const customer = shop.simulator.customers[0];
  if (customer === undefined) throw new Error('no simulated customer');
  expect((await shop.simulator.write(0, 'Kak, ongkir ke Bandung berapa?')).delivered).toBe(true);

  await page.goto(`/crm/quick-reply/${shop.key}`);
  await page.getByTestId('quick-reply-add').click();
  const form = page.getByTestId('quick-reply-form');
  await form.getByRole('textbox', { name: 'Pintasan' }).fill('ongkir');
  await form.getByTestId('quick-reply-text-field').fill('Halo kak {nama}, ongkir ke Bandung Rp10.000 ya.');
  await page.getByTestId('quick-reply-save').click();
  await expect(page.getByTestId('quick-reply-shortcut')).toHaveText(['/ongkir']);

  await page.goto(`/crm/chat/${shop.key}/${customer.phone.slice(1)}`);
  const composer = page.getByRole('textbox', { name: 'Tulis pesan' });
  await composer.fill('/ong');
  const menu = page.getByTestId('quick-reply-menu');
  await expect(menu.getByTestId('quick-reply-option')).toHaveCount(1);
  await expect(menu.getByTestId('quick-reply-option')).toHaveAttribute('data-shortcut', 'ongkir');
  await composer.press('Enter');
  const filled = `Halo kak ${customer.name}, ongkir ke Bandung Rp10.000 ya.`;
  await expect(composer).toHaveValue(filled);
  await composer.press('Enter');

  await expect
    .poll(
      async () =>
        (await shop.simulator.sent()).filter(
          (request) =>
            request.path.endsWith('/messages') &&
            request.status === 200 &&
            request.body?.text?.body === filled,
        ).length,
      { timeout: 20_000 },
    )
    .toBe(1);
});

test('the quick replies table pages through twelve, and a taken shortcut shows beside its field in both languages', async ({
  page,
}) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  const all = numbered(12, (n) => `balas${two(n)}`);
  for (const shortcut of all)
    await data(page, 'quick_reply_create', { key, shortcut, text: `Teks ${shortcut}` });
  await page.goto(`/crm/quick-reply/${key}`);
  const rows = page.getByRole('table', { name: 'Daftar balasan cepat' }).getByTestId('quick-reply-shortcut');
  const shown = all.map((shortcut) => `/${shortcut}`);
  await walkTwoPages(page, rows, shown.slice(0, 10), shown.slice(10));

  await page.getByTestId('quick-reply-add').click();
  const form = page.getByTestId('quick-reply-form');
  await form.getByRole('textbox', { name: 'Pintasan' }).fill('/balas05');
  await form.getByTestId('quick-reply-text-field').fill('Halo kak {nama}');
  await page.getByTestId('quick-reply-save').click();
  await expect(form.getByRole('textbox', { name: 'Pintasan' })).toHaveAccessibleDescription(
    /Pintasan ini sudah dipakai\./,
  );
  await form.getByRole('button', { name: 'Batal' }).click();
  await expect(form).toBeHidden();

  await useLanguage(page, 'English');
  await expect(page.getByRole('table', { name: 'Quick replies' })).toBeVisible();
  await page.getByTestId('quick-reply-add').click();
  await form.getByRole('textbox', { name: 'Shortcut' }).fill('balas11');
  await page.getByTestId('quick-reply-save').click();
  // The text is required: its own error, beside it, and the shortcut keeps what was typed.
  await expect(form.getByRole('textbox', { name: 'Text' })).toHaveAccessibleDescription(/Required/);
  await form.getByTestId('quick-reply-text-field').fill('Hello {nama}');
  await page.getByTestId('quick-reply-save').click();
  await expect(form.getByRole('textbox', { name: 'Shortcut' })).toHaveAccessibleDescription(
    /This shortcut is already in use\./,
  );
});

test('on a phone (390×844) a long text is cut inside its card, and in the table at 1366 every column stays', async ({
  page,
}) => {
  const shop = await openShop(page);
  const text = `Kak {nama}, ${'batik tulis mulai Rp185.000, '.repeat(8)}ya.`;
  await data(page, 'quick_reply_create', { key: shop.key, shortcut: 'harga', text });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/crm/quick-reply/${shop.key}`);
  const cell = page.getByTitle(text);
  const card = page.getByRole('row').filter({ has: cell });
  const [cellBox, cardBox] = await Promise.all([cell.boundingBox(), card.boundingBox()]);
  expect(cellBox).not.toBeNull();
  expect((cellBox?.x ?? 0) + (cellBox?.width ?? 9999)).toBeLessThanOrEqual(
    (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
  );
  // The card's width cut it, not the table's 360 px: in the table the text keeps its column and
  // the columns after it stay in view.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(page.getByRole('columnheader', { name: 'Diperbarui' })).toBeInViewport();
  expect((await cell.boundingBox())?.width ?? 9999).toBeLessThanOrEqual(360);
});
