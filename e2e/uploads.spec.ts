/**
 * Uploads end to end (issue 4): FilePond in the composer and the gallery, driven by the upload
 * machines, against the server's FilePond protocol; sends reach the WhatsApp simulator.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { data, openShop } from './shop.ts';
import type { Shop } from './shop.ts';

const samples = new URL('../packages/server/src/simulator/samples/', import.meta.url);
const sample = (name: string) => readFile(new URL(name, samples));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const uploadItems = (page: Page) => page.getByTestId('upload-item');
const fileInput = (page: Page) => page.locator('[data-testid="uploader"] input[type="file"]');

/** A customer has written (so the 24-hour window is open) and the agent has the conversation open. */
async function openConversation(page: Page, shop: Shop): Promise<void> {
  const customer = shop.simulator.customers[0];
  if (customer === undefined) throw new Error('no simulated customer');
  expect((await shop.simulator.write(0, 'Kak, ada katalog terbaru?')).delivered).toBe(true);
  await page.goto(`/crm/chat/${shop.key}/${customer.phone.slice(1)}`);
  await expect(
    page.getByRole('log', { name: /^(Pesan|Messages)$/ }).getByText('Kak, ada katalog terbaru?'),
  ).toBeVisible();
}

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('auth-token'))) ?? '';
}

test('a 12 MB video goes up in chunks; cut after the first, it resumes from the server offset to the same bytes', async ({
  page,
}) => {
  const shop = await openShop(page);
  await openConversation(page, shop);

  const clip = await sample('clip.mp4');
  const video = Buffer.concat([clip, randomBytes(12_000_000 - clip.length)]);
  const requests: { method: string; offset: string | null }[] = [];
  let transferId = '';
  page.on('request', (request) => {
    if (!request.url().includes(`/upload/${shop.key}`)) return;
    requests.push({ method: request.method(), offset: request.headers()['upload-offset'] ?? null });
  });
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() === 'POST' && request.headers()['upload-length'] !== undefined) {
      transferId = (await response.text()).trim();
    }
  });
  // The line drops while the second chunk is on its way (once).
  let cut = false;
  await page.route(`**/upload/${shop.key}?patch=*`, async (route) => {
    const request = route.request();
    if (!cut && request.method() === 'PATCH' && request.headers()['upload-offset'] === '5000000') {
      cut = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await fileInput(page).setInputFiles({ name: 'promo-batik.mp4', mimeType: 'video/mp4', buffer: video });
  await expect(uploadItems(page)).toHaveCount(1);
  await expect(uploadItems(page).first()).toHaveAttribute('data-status', 'processing-complete', {
    timeout: 60_000,
  });

  expect(cut).toBe(true);
  const patches = requests.filter((request) => request.method === 'PATCH').map((request) => request.offset);
  expect(patches).toEqual(['0', '5000000', '5000000', '10000000']);
  const heads = requests.findIndex((request) => request.method === 'HEAD');
  expect(heads).toBeGreaterThan(requests.findIndex((request) => request.offset === '5000000'));

  // The server's file is byte-identical.
  const loaded = await page.request.get(`/upload/${shop.key}?load=${transferId}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect(loaded.status()).toBe(200);
  expect(sha256(await loaded.body())).toBe(sha256(video));
});

test('a .jpg holding a PDF is refused with "File is of invalid type"', async ({ page }) => {
  const shop = await openShop(page);
  await page.evaluate(() => localStorage.setItem('sapa-locale', 'en'));
  await openConversation(page, shop);
  await fileInput(page).setInputFiles({
    name: 'foto-produk.jpg',
    mimeType: 'image/jpeg',
    buffer: await sample('invoice.pdf'),
  });
  // Its name and type pass the check before uploading; the server, reading its bytes, refuses it
  // for good: load-invalid, which offers removal and no useless retry.
  await expect(uploadItems(page).first()).toHaveAttribute('data-status', 'load-invalid');
  await expect(page.getByTestId('uploader').getByText('File is of invalid type').first()).toBeVisible();
});

test('a file beyond the composer\'s limit shows "Max files" and adds nothing', async ({ page }) => {
  const shop = await openShop(page);
  await page.evaluate(() => localStorage.setItem('sapa-locale', 'en'));
  await openConversation(page, shop);
  const files = (count: number, from: number) =>
    Array.from({ length: count }, (_, index) => ({
      name: `foto-${from + index}.png`,
      mimeType: 'image/png',
      buffer: PNG,
    }));
  await fileInput(page).setInputFiles(files(10, 1));
  await expect(uploadItems(page)).toHaveCount(10);
  await fileInput(page).setInputFiles(files(1, 11));
  await expect(page.getByTestId('upload-warning')).toContainText('Max files');
  await expect(uploadItems(page)).toHaveCount(10);
});

test('an uploaded SVG is served only as a sandboxed attachment, so its script never runs', async ({
  page,
}) => {
  const shop = await openShop(page);
  await page.goto(`/crm/gallery/${shop.key}`);
  // The project's storage against its quota, loaded again once the file is kept.
  await expect(page.getByTestId('gallery-usage')).toContainText('0 bytes dari 1 GB terpakai (0%)');
  await page.getByTestId('gallery-upload').click();
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="teal"/>' +
      '<script>document.documentElement.setAttribute("data-pwned","1");alert("pwned")</script></svg>',
  );
  await fileInput(page).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg });
  await expect(uploadItems(page).first()).toHaveAttribute('data-status', 'processing-complete');
  await page.getByTestId('gallery-save').click();
  await expect(page.getByTestId('gallery-item')).toHaveCount(1);
  await expect(page.getByTestId('gallery-usage')).toContainText(`${svg.length} bytes dari 1 GB terpakai`);

  const [item] = await data<{ url: string; mimeType: string }[]>(page, 'gallery_list', { key: shop.key });
  expect(item?.mimeType).toBe('image/svg+xml');
  const response = await page.request.get(item?.url ?? '');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="logo.svg"/);
  expect(response.headers()['content-security-policy']).toContain('sandbox');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  // Opened directly, the browser downloads it rather than showing (and running) it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.goto(item?.url ?? '').catch(() => null),
  ]);
  expect(download.suggestedFilename()).toBe('logo.svg');
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-pwned'))).toBeNull();
});

test('a gallery image is sent in a chat and arrives at the simulator', async ({ page }) => {
  const shop = await openShop(page);
  expect((await shop.simulator.write(0, 'Minta foto batiknya kak')).delivered).toBe(true);
  await page.goto(`/crm/gallery/${shop.key}`);
  await page.getByTestId('gallery-upload').click();
  await fileInput(page).setInputFiles({
    name: 'batik-parang.jpg',
    mimeType: 'image/jpeg',
    buffer: await sample('photo.jpg'),
  });
  await expect(uploadItems(page).first()).toHaveAttribute('data-status', 'processing-complete');
  await page.getByTestId('gallery-save').click();
  const tile = page.getByTestId('gallery-item');
  await expect(tile).toHaveCount(1);
  await tile.click();
  await page.getByTestId('gallery-send').click();
  const customer = shop.simulator.customers[0];
  await page
    .getByTestId('gallery-conversation')
    .filter({ hasText: customer?.name ?? '' })
    .click();
  await page.getByTestId('gallery-send-confirm').click();

  await expect
    .poll(
      async () =>
        (await shop.simulator.sent()).filter(
          (request) =>
            request.path.endsWith('/messages') && request.status === 200 && request.body?.type === 'image',
        ).length,
      { timeout: 20_000 },
    )
    .toBe(1);
  const uploadsToMeta = (await shop.simulator.sent()).filter(
    (request) => request.method === 'POST' && request.path.endsWith('/media'),
  );
  expect(uploadsToMeta).toHaveLength(1);
});

test('an .exe is refused before it goes up: "File is of invalid type", removal and no retry', async ({
  page,
}) => {
  const shop = await openShop(page);
  await page.goto(`/crm/gallery/${shop.key}`);
  await page.getByTestId('gallery-upload').click();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/upload')) uploads.push(request.url());
  });
  await fileInput(page).setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
  });
  const item = uploadItems(page).first();
  await expect(item).toHaveAttribute('data-status', 'load-invalid');
  await expect(page.getByText(/File is of invalid type|Jenis berkas tidak valid/).first()).toBeVisible();
  await expect(item.getByRole('button', { name: /Coba lagi|Retry/ })).toHaveCount(0);
  const beforeGoodFile = uploads.length;
  // Proven by a later file: a photo does go up (so requests are seen), the .exe never did.
  await fileInput(page).setInputFiles({
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    buffer: await readFile(new URL('photo.jpg', samples)),
  });
  await expect(uploadItems(page).filter({ hasText: 'foto.jpg' })).toHaveAttribute(
    'data-status',
    'processing-complete',
  );
  expect(beforeGoodFile).toBe(0);
  expect(uploads.length).toBeGreaterThan(0);
});
