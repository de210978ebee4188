import { expect, test } from '@playwright/test';
import { register, signIn, signOut } from './auth.ts';

test('a signed-out visit to /crm/chat/abc signs in and comes back to it', async ({ page }) => {
  const user = await register(page);
  await signOut(page);
  await page.goto('/crm/chat/abc');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sapa-redirect-after-login'))).toBe('/crm/chat/abc');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/crm\/chat\/abc$/);
  // Back on the page asked for; `abc` is no project of this user, so it says so with a way home.
  await expect(page.getByRole('heading', { name: 'Proyek tidak ditemukan.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kembali ke Halaman Utama' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sapa-redirect-after-login'))).toBeNull();
});

test('an unknown path shows the not-found page and its button goes home', async ({ page }) => {
  const user = await register(page);
  await page.goto('/tidak/ada/halaman-ini');
  await expect(page.getByRole('img', { name: 'Halaman tidak ditemukan' })).toBeVisible();
  await page.getByRole('button', { name: 'Kembali ke Halaman Utama' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Halo, ${user.name}` })).toBeVisible();
});

test('a signed-in user opening /auth/login goes home', async ({ page }) => {
  const user = await register(page);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Halo, ${user.name}` })).toBeVisible();
});

test('theme and language choices survive a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Mode gelap' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Sapa' })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Sign in to Sapa' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(14, 21, 18)');
});

test('the first theme follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('an unknown project says so with a way home and no retry', async ({ page }) => {
  const user = await register(page);
  await page.goto('/crm/chat/tidakada123');
  const gate = page.getByTestId('project-not-found');
  await expect(gate.getByRole('heading', { name: 'Proyek tidak ditemukan.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Coba lagi' })).toHaveCount(0);
  await gate.getByRole('link', { name: 'Kembali ke Halaman Utama' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Halo, ${user.name}` })).toBeVisible();
});
