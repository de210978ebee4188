/**
 * Steps the inbox and upload specs share: acts with the page's session, and a shop (an owner, a
 * project, one WhatsApp number added through the accounts screen and its simulator).
 */
import { expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { register } from './auth.ts';
import type { TestUser } from './auth.ts';
import { addMember, registerNumber, simulatorFor } from './control.ts';
import type { E2eSimulator } from './control.ts';

/** An inbox agent: sees, replies (`crm.chat.send`) and assigns (`crm.chat.assign`). */
export const CHAT_AGENT = ['crm.menu', 'crm.chat.menu', 'crm.chat.view', 'crm.chat.send', 'crm.chat.assign'];
export const SEES_EVERYTHING = [...CHAT_AGENT, 'crm.chat.show_all_chat', 'crm.chat.show_user_contact_detail'];

export interface Answer {
  code: string;
  data?: unknown;
  reason?: string;
}

/** Calls an act with the session of the page's user. */
export async function act(page: Page, name: string, fields: Record<string, unknown> = {}): Promise<Answer> {
  const token = await page.evaluate(() => localStorage.getItem('auth-token'));
  const response = await page.request.post('/api', { data: { act: name, token, ...fields } });
  return (await response.json()) as Answer;
}

export async function data<T>(page: Page, name: string, fields: Record<string, unknown> = {}): Promise<T> {
  const answer = await act(page, name, fields);
  expect(answer.code, `${name}: ${JSON.stringify(answer)}`).toBe('1');
  return answer.data as T;
}

let phoneNumberIds = 0;
/** A Meta phone number id no other test of this run uses. */
function newPhoneNumberId(): string {
  phoneNumberIds += 1;
  return `9${Date.now() % 1_000_000_000}${String(phoneNumberIds).padStart(3, '0')}`;
}

export interface Shop {
  owner: TestUser;
  key: string;
  accountId: string;
  phoneNumberId: string;
  simulator: E2eSimulator;
}

/** An owner with a project, one WhatsApp number (added through the accounts screen) and its simulator. */
export async function openShop(page: Page): Promise<Shop> {
  const owner = await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  const phoneNumberId = newPhoneNumberId();
  const { wabaId } = await registerNumber(phoneNumberId, `token-${phoneNumberId}`);
  await page.goto(`/project/account/${key}`);
  await page.getByRole('textbox', { name: 'Nama akun' }).fill('Toko Utama');
  await page.getByRole('textbox', { name: 'ID WhatsApp Business Account' }).fill(wabaId);
  await page.getByRole('textbox', { name: 'ID nomor telepon (Meta)' }).fill(phoneNumberId);
  await page.getByLabel('Token akses', { exact: true }).fill(`token-${phoneNumberId}`);
  await page.getByRole('button', { name: 'Tambah nomor' }).click();
  await expect(page.getByRole('heading', { name: 'Toko Utama' })).toBeVisible();
  await expect(page.getByText('Terhubung', { exact: true })).toBeVisible();
  const accounts = await data<{ id: string; phoneNumberId: string }[]>(page, 'account_list', { key });
  const accountId = accounts.find((account) => account.phoneNumberId === phoneNumberId)?.id ?? '';
  return { owner, key, accountId, phoneNumberId, simulator: await simulatorFor(accountId) };
}

/** A second person, in a browser context of their own, made a member with `permissions`. */
export async function colleague(browser: Browser, key: string, permissions: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await register(page, `Agen ${Date.now() % 10_000}`);
  await addMember(key, user.phone.e164, permissions);
  return { context, page, user };
}
