import { expect, test } from '@playwright/test';
import { register } from './auth.ts';

test('a user creates a project, sees it after a reload; another user neither sees nor reaches it', async ({
  page,
  browser,
}) => {
  await register(page);
  await page.getByRole('link', { name: 'Proyek', exact: true }).click();
  await expect(page).toHaveURL(/\/project\/list$/);
  await expect(page.getByRole('heading', { name: 'Daftar Proyek', level: 1 })).toBeVisible();
  await expect(page.getByText('Belum ada proyek. Buat proyek pertama Anda di bawah ini.')).toBeVisible();

  // A blank name is refused beside the field, without a call.
  await page.getByRole('button', { name: 'Buat proyek' }).click();
  await expect(page.getByText('Nama proyek wajib diisi, maksimal 100 karakter')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nama proyek' }).fill('Toko Sapa');
  await page.getByRole('button', { name: 'Buat proyek' }).click();
  const projects = page.getByRole('list', { name: 'Proyek Anda' });
  const link = projects.getByRole('link', { name: 'Toko Sapa' });
  await expect(link).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nama proyek' })).toHaveValue('');
  await expect(page.getByText('Belum ada proyek.', { exact: false })).toHaveCount(0);
  const href = await link.getAttribute('href');
  const key = /^\/crm\/chat\/([a-z0-9]{10})$/.exec(href ?? '')?.[1];
  expect(key, `link ${href}`).toBeDefined();
  await expect(projects.getByText(`Kunci ${key} · Pemilik`)).toBeVisible();
  await expect(projects.getByText(/^Dibuat \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Proyek Anda' }).getByRole('link', { name: 'Toko Sapa' }),
  ).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/crm/chat/${key}$`));

  // A second user, in a browser of their own.
  const context = await browser.newContext();
  const other = await context.newPage();
  await register(other);
  await other.goto('/project/list');
  await expect(other.getByText('Belum ada proyek. Buat proyek pertama Anda di bawah ini.')).toBeVisible();
  await expect(other.getByText('Toko Sapa')).toHaveCount(0);

  const token = await other.evaluate(() => localStorage.getItem('auth-token'));
  expect(token).toBeTruthy();
  const refused = await other.request.post('/api', { data: { act: 'project_get', key, token } });
  expect(refused.status()).toBe(200);
  const missing = await other.request.post('/api', {
    data: { act: 'project_get', key: 'zzzzzzzzzz', token },
  });
  const body: unknown = await refused.json();
  expect(body).toEqual({ code: '0', reason: 'not_found', msg: 'Proyek tidak ditemukan.' });
  expect(await missing.json()).toEqual(body);

  // The owner still reaches it through the same act.
  const ownerToken = await page.evaluate(() => localStorage.getItem('auth-token'));
  const allowed = await page.request.post('/api', { data: { act: 'project_get', key, token: ownerToken } });
  expect(await allowed.json()).toMatchObject({ code: '1', data: { key, name: 'Toko Sapa', role: 'owner' } });
  await context.close();
});
