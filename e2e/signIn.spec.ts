import { expect, test } from '@playwright/test';
import { register, signIn, signOut } from './auth.ts';
import { nextOtp, otpCount } from './otp.ts';

test('register with a code from the server output, sign out, sign in again', async ({ page }) => {
  const user = await register(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Masuk sebagai ${user.phone.e164}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toMatch(/.{20,}/);

  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  // Signed out, the home page is no longer reachable.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, user);
  await expect(page.getByRole('heading', { name: `Halo, ${user.name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('password fields show and hide their text', async ({ page }) => {
  await page.goto('/auth/login');
  const password = page.getByLabel('Kata sandi', { exact: true });
  await password.fill('rahasia-123');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Tampilkan kata sandi' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sembunyikan kata sandi' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('a wrong code five times kills the challenge, and it says so', async ({ page }) => {
  const user = await register(page);
  await signOut(page);
  await page.getByLabel('Nomor HP').fill(user.phone.local);
  await page.getByLabel('Kata sandi', { exact: true }).fill(user.password);
  const seen = otpCount(user.phone.e164);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  const right = await nextOtp(user.phone.e164, seen);
  const wrong = right === '000000' ? '111111' : '000000';
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByRole('textbox', { name: 'Kode verifikasi' }).fill(wrong);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    if (attempt < 5) await expect(page.getByText(`Sisa percobaan: ${5 - attempt}`)).toBeVisible();
  }
  await expect(page.getByText(/Terlalu banyak kode salah/)).toBeVisible();
  // The code field is gone: not even the right code can be entered on a dead challenge.
  await expect(page.getByRole('textbox', { name: 'Kode verifikasi' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verifikasi' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();

  // The way on is to start again: a new code is sent and it signs in.
  const before = otpCount(user.phone.e164);
  await page.getByRole('button', { name: 'Mulai lagi' }).click();
  const fresh = await nextOtp(user.phone.e164, before);
  await page.getByRole('textbox', { name: 'Kode verifikasi' }).fill(fresh);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page.getByRole('heading', { name: `Halo, ${user.name}` })).toBeVisible();
});

test('forgot password: code, new password, then sign in with it', async ({ page }) => {
  const user = await register(page);
  await signOut(page);
  await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password\/phone$/);
  await page.getByLabel('Nomor HP').fill(user.phone.local);
  const seen = otpCount(user.phone.e164);
  await page.getByRole('button', { name: 'Kirim kode' }).click();
  const code = await nextOtp(user.phone.e164, seen);
  await expect(page).toHaveURL(/\/auth\/forgot-password\/otp$/);
  await page.getByRole('textbox', { name: 'Kode verifikasi' }).fill(code);
  await page.getByRole('button', { name: 'Lanjut' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password\/change$/);
  const newPassword = 'sandi-baru-456';
  await page.getByLabel('Kata sandi baru', { exact: true }).fill(newPassword);
  await page.getByLabel('Ulangi kata sandi', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Kata sandi diperbarui. Silakan masuk dengan kata sandi baru.')).toBeVisible();

  // The old password no longer opens the account.
  await page.getByLabel('Nomor HP').fill(user.phone.local);
  await page.getByLabel('Kata sandi', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /salah/ }).first()).toBeVisible();

  await page.reload();
  await signIn(page, user, newPassword);
  await expect(page.getByRole('heading', { name: `Halo, ${user.name}` })).toBeVisible();
});
