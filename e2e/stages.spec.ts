/**
 * Stages end to end: a customer dragged on the pipeline board lands in the new stage, and a chat
 * open on that customer in another tab shows the new stage live; the board's keyboard move does
 * the same.
 */
import { expect, test } from '@playwright/test';
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
