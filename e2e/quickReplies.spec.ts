/**
 * Quick replies end to end: the owner saves one with `{nama}` on `/crm/quick-reply/{key}`, an
 * agent types `/` in the composer, picks it, and the customer receives it with their name filled.
 */
import { expect, test } from '@playwright/test';
import { openShop } from './shop.ts';

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
