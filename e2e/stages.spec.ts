/**
 * Stages end to end: a customer dragged on the pipeline board lands in the new stage, and a chat
 * open on that customer in another tab shows the new stage live; the board's keyboard move does
 * the same. The table tab pages through more than ten stages, and the form's errors sit beside
 * their fields in Indonesian and English.
 */
import { expect, test } from '@playwright/test';
import { register } from './auth.ts';
import { numbered, two, useLanguage, walkTwoPages } from './paging.ts';
import { data, openShop } from './shop.ts';

test('a customer dragged on the board lands in the new stage and the chat panel shows it live', async ({
  page,
  context,
}) => {
  const shop = await openShop(page);
  const customer = shop.simulator.customers[0];
  if (customer === undefined) throw new Error('no simulated customer');
  expect((await shop.simulator.write(0, 'Kak, jadi pesan 2 kodi ya')).delivered).toBe(true);
  const offer = await data<{ id: string }>(page, 'stage_create', {
    key: shop.key,
    name: 'Penawaran',
    color: '#1e88e5',
  });
  const deal = await data<{ id: string }>(page, 'stage_create', {
    key: shop.key,
    name: 'Deal',
    color: '#43a047',
  });

  // The chat, open on the customer, in a second tab.
  const chat = await context.newPage();
  await chat.goto(`/crm/chat/${shop.key}/${customer.phone.slice(1)}`);
  await expect(chat.getByTestId('customer-stage')).toContainText('Tanpa tahap');

  await page.goto(`/crm/stage/${shop.key}`);
  await page.getByRole('tab', { name: 'Papan' }).click();
  const column = (stageId: string) =>
    page.locator(`[data-testid="board-column"][data-stage-id="${stageId}"]`);
  const card = page.getByTestId('board-card').filter({ hasText: customer.name });
  await expect(
    page.locator('[data-testid="board-column"][data-stage-id=""]').getByTestId('board-card'),
  ).toHaveCount(1);

  await card.dragTo(column(offer.id));
  await expect(column(offer.id).getByTestId('board-card')).toHaveCount(1);
  await expect(chat.getByTestId('customer-stage')).toContainText('Penawaran');

  // Keyboard: the card's move menu.
  await column(offer.id).getByTestId('board-card').getByTestId('card-move').click();
  await page.getByTestId('card-move-target').filter({ hasText: 'Deal' }).click();
  await expect(column(deal.id).getByTestId('board-card')).toHaveCount(1);
  await expect(column(offer.id).getByTestId('board-card')).toHaveCount(0);
  await expect(chat.getByTestId('customer-stage')).toContainText('Deal');

  const moved = await data<{ stage: { id: string } | null; history: unknown[] }>(page, 'customer_stage_get', {
    key: shop.key,
    customerId: await column(deal.id).getByTestId('board-card').getAttribute('data-customer-id'),
  });
  expect(moved.stage?.id).toBe(deal.id);
  expect(moved.history).toHaveLength(2);
});

test('the stages table pages through twelve stages, and a taken name shows beside the name field in both languages', async ({
  page,
}) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  const all = numbered(12, (n) => `Tahap ${two(n)}`);
  for (const name of all) await data(page, 'stage_create', { key, name, color: '#43a047' });
  await page.goto(`/crm/stage/${key}`);
  await expect(page.getByRole('tab', { name: 'Tabel' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('table', { name: 'Daftar tahapan' }).getByTestId('stage-name');
  await walkTwoPages(page, rows, all.slice(0, 10), all.slice(10));

  await page.getByTestId('stage-add').click();
  const form = page.getByTestId('stage-form');
  await form.getByRole('textbox', { name: 'Nama tahap' }).fill('tahap 03');
  await page.getByTestId('stage-save').click();
  await expect(form.getByRole('textbox', { name: 'Nama tahap' })).toHaveAccessibleDescription(
    'Tahap dengan nama ini sudah ada.',
  );
  await form.getByRole('button', { name: 'Batal' }).click();
  await expect(form).toBeHidden();

  await useLanguage(page, 'English');
  await expect(page.getByRole('table', { name: 'Stages' })).toBeVisible();
  await page.getByTestId('stage-add').click();
  await form.getByRole('textbox', { name: 'Stage name' }).fill('TAHAP 12');
  await page.getByTestId('stage-save').click();
  await expect(form.getByRole('textbox', { name: 'Stage name' })).toHaveAccessibleDescription(
    'A stage with this name already exists.',
  );
});
