/** Steps that several specs share: register a fresh user and sign in through the real UI. */
import { expect, type Page } from '@playwright/test';
import { freshPhone, nextOtp, otpCount } from './otp.ts';

export const PASSWORD = 'rahasia-123';

export interface TestUser {
  name: string;
  phone: { local: string; e164: string };
  password: string;
}

export async function enterOtp(page: Page, code: string): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  await page.getByRole('textbox', { name: 'Kode verifikasi' }).fill(code);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
}

/** Registers a new user from /auth/register and lands on the home page. */
export async function register(page: Page, name = `Agen ${Date.now() % 100000}`): Promise<TestUser> {
  const phone = freshPhone();
  const user = { name, phone, password: PASSWORD };
  await page.goto('/auth/register');
  await page.getByLabel('Nama', { exact: true }).fill(name);
  await page.getByLabel('Nomor HP').fill(phone.local);
  await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Ulangi kata sandi', { exact: true }).fill(PASSWORD);
  const seen = otpCount(phone.e164);
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await enterOtp(page, await nextOtp(phone.e164, seen));
  await expect(page.getByRole('heading', { name: `Halo, ${name}` })).toBeVisible();
  return user;
}

/** Signs in from the login page (already open) with phone, password and the code. */
export async function signIn(page: Page, user: TestUser, password = user.password): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Nomor HP').fill(user.phone.local);
  await page.getByLabel('Kata sandi', { exact: true }).fill(password);
  const seen = otpCount(user.phone.e164);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await enterOtp(page, await nextOtp(user.phone.e164, seen));
}

export async function signOut(page: Page): Promise<void> {
  // Sign-out is in the avatar's menu of the header.
  await page.getByRole('button', { name: /^Menu akun / }).click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}
