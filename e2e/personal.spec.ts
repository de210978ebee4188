/**
 * The personal pages: `/profile` (name and picture in the header, phone change by code, password
 * change, signed-in devices) and `/notification` (live arrivals, marking read, opening one).
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PASSWORD, register, signIn } from './auth.ts';
import { freshPhone, nextOtp, otpCount } from './otp.ts';
import { CHAT_AGENT, colleague, data, openShop } from './shop.ts';

/** A 1×1 PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const section = (page: Page, name: 'identity' | 'phone' | 'password' | 'preferences' | 'sessions') =>
  page.getByTestId(`profile-${name}`);

const userMenu = (page: Page) => page.getByRole('button', { name: /^Menu akun / });

async function userIdOf(page: Page): Promise<string> {
  return (await data<{ id: string }>(page, 'user_check_token')).id;
}

test('the profile changes the name and picture in the header, the phone by code and the password', async ({
  page,
}) => {
  const user = await register(page, 'Sari Lestari');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profil', level: 1 })).toBeVisible();

  // Name: an empty one is refused beside the field, a new one reaches the header.
  const identity = section(page, 'identity');
  await identity.getByLabel('Nama', { exact: true }).fill(' ');
  await identity.getByRole('button', { name: 'Simpan' }).click();
  await expect(identity.getByText('Nama wajib diisi')).toBeVisible();
  await identity.getByLabel('Nama', { exact: true }).fill('Wulan Andini');
  await identity.getByRole('button', { name: 'Simpan' }).click();
  await expect(userMenu(page)).toHaveAccessibleName('Menu akun Wulan Andini');
  await expect(userMenu(page)).toContainText('WA');

  // Picture: a PNG shows in the profile and the header; removing it brings the initials back.
  await identity
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const picture = identity.getByRole('img', { name: 'Foto profil' });
  await expect(picture.locator('img')).toHaveAttribute('src', /^\/avatar\//);
  await expect(userMenu(page).locator('img')).toHaveAttribute('src', /^\/avatar\//);
  await identity.getByRole('button', { name: 'Hapus foto' }).click();
  await expect(picture.locator('img')).toHaveCount(0);
  await expect(picture).toHaveText('WA');
  await expect(userMenu(page).locator('img')).toHaveCount(0);
  // A file of another type is refused before it is sent.
  await identity
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(identity.getByText('Foto harus berupa JPEG, PNG atau WebP.')).toBeVisible();

  // Phone: the new number and the password, then the code sent to the new number.
  const phone = section(page, 'phone');
  const next = freshPhone();
  await phone.getByLabel('Nomor HP').fill(next.local);
  await phone.getByLabel('Kata sandi saat ini', { exact: true }).fill('salah-sekali');
  await phone.getByRole('button', { name: 'Kirim kode' }).click();
  await expect(phone.getByText('Kata sandi saat ini salah.')).toBeVisible();
  await phone.getByLabel('Kata sandi saat ini', { exact: true }).fill(PASSWORD);
  const seen = otpCount(next.e164);
  await phone.getByRole('button', { name: 'Kirim kode' }).click();
  await phone.getByRole('textbox', { name: 'Kode verifikasi' }).fill(await nextOtp(next.e164, seen));
  await phone.getByRole('button', { name: 'Konfirmasi nomor baru' }).click();
  await expect(phone.getByText(`Nomor saat ini: ${next.e164}`)).toBeVisible();

  // Password: a wrong current one shows beside its field, then the right one changes it.
  const password = section(page, 'password');
  const current = password.getByLabel('Kata sandi saat ini', { exact: true });
  await current.fill('salah-sekali');
  await password.getByLabel('Kata sandi baru', { exact: true }).fill('rahasia-456');
  await password.getByLabel('Ulangi kata sandi baru', { exact: true }).fill('rahasia-456');
  await password.getByRole('button', { name: 'Ganti kata sandi' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(password.getByText('Kata sandi saat ini salah.')).toBeVisible();
  await current.fill(PASSWORD);
  await password.getByRole('button', { name: 'Ganti kata sandi' }).click();
  await expect(page.getByText('Kata sandi diganti. Perangkat lain telah dikeluarkan.')).toBeVisible();
  await expect(current).toHaveValue('');

  // The new phone and the new password sign in; the old phone no longer does.
  const moved = { ...user, phone: next, password: 'rahasia-456' };
  await page.evaluate(() => localStorage.removeItem('auth-token'));
  await page.goto('/auth/login');
  await signIn(page, moved);
  await expect(userMenu(page)).toHaveAccessibleName('Menu akun Wulan Andini');
});

test('the saved language and theme apply at once and at the next sign-in', async ({ page, browser }) => {
  const user = await register(page, 'Dewi Anggraini');
  await page.goto('/profile');
  const preferences = section(page, 'preferences');
  await preferences.getByRole('radiogroup', { name: 'Bahasa' }).getByText('English').click();
  await preferences.getByRole('radiogroup', { name: 'Tema' }).getByText('Gelap').click();
  await expect(preferences.getByRole('radio', { name: 'English' })).toBeChecked();
  await preferences.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Another browser starts in Indonesian and light, and follows the profile once signed in.
  const context = await browser.newContext({ colorScheme: 'light' });
  const other = await context.newPage();
  await other.goto('/auth/login');
  await signIn(other, user);
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  await context.close();
});

test('a device signed out from the profile is signed out at once', async ({ page, browser }) => {
  const user = await register(page, 'Rina Kusuma');
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/auth/login');
  await signIn(other, user);
  await expect(userMenu(other)).toBeVisible();

  await page.goto('/profile');
  const devices = section(page, 'sessions').getByTestId('profile-session');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('Perangkat ini');
  await expect(devices.first()).toContainText(/Chrome di Linux/);
  await devices
    .filter({ hasNotText: 'Perangkat ini' })
    .getByRole('button', { name: /^Keluarkan/ })
    .click();
  await expect(devices).toHaveCount(1);
  await expect(other).toHaveURL(/\/auth\/login$/);

  // Signing out this device from the list signs out here.
  await section(page, 'sessions').getByRole('button', { name: 'Keluarkan Perangkat ini' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await context.close();
});

test('notifications arrive live, are marked read one by one or all, and open the conversation', async ({
  page,
  browser,
}) => {
  const shop = await openShop(page);
  await shop.simulator.write(0, 'Halo, saya mau pesan seragam');
  await shop.simulator.write(1, 'Kak, ada katalog?');
  const listed = await data<{ id: string; customer: { name: string } }[]>(page, 'conversation_list', {
    key: shop.key,
  });
  const [first, second] = listed;
  if (first === undefined || second === undefined) throw new Error('conversations missing');

  const agent = await colleague(browser, shop.key, CHAT_AGENT);
  await agent.page.goto('/notification');
  await expect(agent.page.getByText('Belum ada notifikasi.')).toBeVisible();
  const agentId = await userIdOf(agent.page);

  await data(page, 'conversation_assign', { key: shop.key, conversationId: first.id, userId: agentId });
  await data(page, 'conversation_assign', { key: shop.key, conversationId: second.id, userId: agentId });
  const items = agent.page.getByTestId('notification');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(
    `${shop.owner.name} menugaskan percakapan dengan ${second.customer.name} kepada Anda di Toko Batik`,
  );
  await expect(agent.page.getByTestId('notification-unread')).toHaveText('2 belum dibaca');

  await items
    .first()
    .getByRole('button', { name: /^Tandai dibaca/ })
    .click();
  await expect(agent.page.getByTestId('notification-unread')).toHaveText('1 belum dibaca');
  await expect(items.first().getByRole('button', { name: /^Tandai dibaca/ })).toHaveCount(0);
  await agent.page.getByRole('button', { name: 'Tandai semua dibaca' }).click();
  await expect(agent.page.getByTestId('notification-unread')).toHaveText('Semua sudah dibaca');

  // The server holds the same: after a reload everything is read.
  await agent.page.reload();
  await expect(items).toHaveCount(2);
  await expect(agent.page.getByTestId('notification-unread')).toHaveText('Semua sudah dibaca');

  await items.last().getByRole('link').click();
  await expect(agent.page).toHaveURL(new RegExp(`/crm/chat/${shop.key}/${first.id}$`));
  await agent.context.close();
});

test('more than 20 notifications load 20 at a time', async ({ page, browser }) => {
  const shop = await openShop(page);
  await shop.simulator.write(0, 'Halo, masih buka?');
  const [conversation] = await data<{ id: string }[]>(page, 'conversation_list', { key: shop.key });
  if (conversation === undefined) throw new Error('conversation missing');
  const agent = await colleague(browser, shop.key, CHAT_AGENT);
  const agentId = await userIdOf(agent.page);
  // Each new assignment to the agent is a notification of its own.
  for (let round = 0; round < 22; round += 1) {
    await data(page, 'conversation_assign', {
      key: shop.key,
      conversationId: conversation.id,
      userId: agentId,
    });
    await data(page, 'conversation_assign', { key: shop.key, conversationId: conversation.id, userId: null });
  }

  await agent.page.goto('/notification');
  const items = agent.page.getByTestId('notification');
  await expect(items).toHaveCount(20);
  await expect(agent.page.getByTestId('notification-unread')).toHaveText('22 belum dibaca');
  await agent.page.getByRole('button', { name: 'Muat lebih banyak' }).click();
  await expect(items).toHaveCount(22);
  await expect(agent.page.getByRole('button', { name: 'Muat lebih banyak' })).toHaveCount(0);
  await agent.context.close();
});
