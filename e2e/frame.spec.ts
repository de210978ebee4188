/**
 * The signed-in frame end to end: the project's sidebar built from the member's permissions (and
 * following a change of them live), the route guard, a removed member, the sidebar as a drawer on
 * a phone, the notification bell, the home page's project cards and the avatar's menu.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { templatePermissions } from '../packages/sdk/src/permissions/templates.ts';
import { PASSWORD, register, signIn, signOut } from './auth.ts';
import { CHAT_AGENT, colleague, data, openShop } from './shop.ts';

/** The agent template's keys, as the permission editor and invites grant them. */
const AGENT = templatePermissions('agent');

const sidebar = (page: Page, project: string) =>
  page.getByRole('navigation', { name: `Menu proyek ${project}` });

async function userIdOf(page: Page): Promise<string> {
  return (await data<{ id: string }>(page, 'user_check_token')).id;
}

test('the sidebar follows the permissions, live; the guard refuses what they do not open; a removed member is told', async ({
  page,
  browser,
}) => {
  await register(page, 'Pemilik Toko');
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Batik' });
  await page.goto(`/crm/label/${key}`);
  const owner = sidebar(page, 'Toko Batik');
  await expect(owner.getByRole('heading')).toHaveText(['Pengiklan', 'CRM', 'Proyek']);
  await expect(owner.getByRole('link', { name: 'Label', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(owner.getByRole('link', { name: 'Tagihan' })).toHaveAttribute(
    'href',
    `/project/billing/${key}`,
  );

  const agent = await colleague(browser, key, AGENT);
  try {
    await agent.page.goto(`/crm/customer/${key}`);
    const menu = sidebar(agent.page, 'Toko Batik');
    await expect(menu.getByRole('heading')).toHaveText(['CRM']);
    await expect(menu.getByRole('link')).toHaveText(['Chat', 'Pelanggan', 'Galeri', 'Balasan Cepat']);

    // A screen their permissions do not open is refused, a built one and a placeholder alike.
    for (const path of [`/crm/label/${key}`, `/project/billing/${key}`]) {
      await agent.page.goto(path);
      await expect(agent.page.getByRole('heading', { name: 'Akses ditolak', level: 1 })).toBeVisible();
      await expect(agent.page.getByText('Anda tidak punya akses ke halaman ini.')).toBeVisible();
    }
    await expect(agent.page.getByRole('heading', { name: 'Label', level: 1 })).toHaveCount(0);

    // The owner grants the labels: the agent's menu and the guard follow without a reload.
    await agent.page.goto(`/crm/customer/${key}`);
    await expect(menu.getByRole('link', { name: 'Label', exact: true })).toHaveCount(0);
    const agentId = await userIdOf(agent.page);
    await data(page, 'member_permissions_set', {
      key,
      userId: agentId,
      permissions: [...AGENT, 'crm.label.menu', 'crm.label.view'],
    });
    await expect(menu.getByRole('link', { name: 'Label', exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Label', exact: true }).click();
    await expect(agent.page).toHaveURL(new RegExp(`/crm/label/${key}$`));
    await expect(agent.page.getByText('Anda tidak punya akses ke halaman ini.')).toHaveCount(0);

    // Removed: the screen closes, the agent is told why and may go home.
    await data(page, 'member_remove', { key, userId: agentId });
    await expect(agent.page.getByText('Anda telah dikeluarkan dari proyek Toko Batik.')).toBeVisible();
    await expect(sidebar(agent.page, 'Toko Batik')).toHaveCount(0);
    await agent.page.getByRole('link', { name: 'Kembali ke Halaman Utama' }).click();
    await expect(agent.page).toHaveURL(/\/$/);
  } finally {
    await agent.context.close();
  }
});

test('on a phone the sidebar is a drawer behind the menu button; Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Kecil' });
  await page.goto(`/crm/customer/${key}`);
  await expect(page.getByRole('heading', { name: 'Pelanggan', level: 1 })).toBeVisible();
  await expect(sidebar(page, 'Toko Kecil')).toBeHidden();

  const open = page.getByRole('button', { name: 'Buka menu' });
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Menu proyek Toko Kecil' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(open).toBeFocused();

  await open.press('Enter');
  await drawer.getByRole('link', { name: 'Label', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/label/${key}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Label', level: 1 })).toBeVisible();
});

test('the bell counts an assignment as it happens; home cards show unread messages and numbers, live', async ({
  page,
  browser,
}) => {
  const shop = await openShop(page);
  const customer = shop.simulator.customers[0];
  if (customer === undefined) throw new Error('no simulated customer');
  await shop.simulator.write(0, 'Halo kak, masih buka?');

  await page.goto('/');
  const card = page.getByTestId('project-card').filter({ hasText: 'Toko Batik' });
  await expect(card.getByTestId('project-unread')).toHaveText('1 pesan belum dibaca');
  await expect(card.getByTestId('project-accounts')).toHaveText('1 dari 1 nomor WhatsApp terhubung');
  await expect(card.getByRole('link', { name: 'Toko Batik', exact: true })).toHaveAttribute(
    'href',
    `/crm/chat/${shop.key}`,
  );
  // The owner sees billing: the card shows the project's balance and leads to it.
  await expect(card.getByRole('link', { name: /^Tagihan Toko Batik: saldo proyek Rp\s0$/ })).toHaveAttribute(
    'href',
    `/project/billing/${shop.key}`,
  );
  // The card follows the socket: another message counts without a reload.
  await shop.simulator.write(0, 'Ada promo minggu ini?');
  await expect(card.getByTestId('project-unread')).toHaveText('2 pesan belum dibaca');

  const agent = await colleague(browser, shop.key, CHAT_AGENT);
  try {
    await agent.page.goto('/');
    const bell = agent.page.getByRole('link', { name: /^Notifikasi/ });
    await expect(bell).toHaveAccessibleName('Notifikasi');
    const agentCard = agent.page.getByTestId('project-card').filter({ hasText: 'Toko Batik' });
    // Nothing is assigned to them yet: they see no unread message.
    await expect(agentCard.getByTestId('project-unread')).toHaveText('Tidak ada pesan baru');

    const [conversation] = await data<{ id: string }[]>(page, 'conversation_list', { key: shop.key });
    await data(page, 'conversation_assign', {
      key: shop.key,
      conversationId: conversation?.id,
      userId: await userIdOf(agent.page),
    });
    await expect(bell).toHaveAccessibleName('Notifikasi, 1 belum dibaca');
    await expect(agent.page.getByTestId('bell-count')).toHaveText('1');
    // Theirs now: its messages count on their card, live.
    await expect(agentCard.getByTestId('project-unread')).toHaveText('2 pesan belum dibaca');
    await bell.click();
    await expect(agent.page).toHaveURL(/\/notification$/);
  } finally {
    await agent.context.close();
  }
});

test('the avatar menu opens the profile, switches theme and language, and signs out', async ({ page }) => {
  const user = await register(page, 'Dewi Lestari');
  const trigger = page.getByRole('button', { name: 'Menu akun Dewi Lestari' });
  await expect(trigger).toHaveText('DL');

  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Profil',
    'Notifikasi',
    'Saldo',
    'Mode gelap',
    'English',
    'Keluar',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  await trigger.click();
  await page.getByRole('menuitem', { name: 'Saldo' }).click();
  await expect(page).toHaveURL(/\/saldo$/);
  await expect(page.getByTestId('saldo-balance')).toBeVisible();

  await trigger.click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.emulateMedia({ colorScheme: 'light' });
  await trigger.click();
  await page.getByRole('menuitem', { name: 'Mode gelap' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await trigger.click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Account menu of Dewi Lestari' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');

  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  await signIn(page, user, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Halo, Dewi Lestari' })).toBeVisible();
});

test('a session ended from another device signs this tab out', async ({ page, browser }) => {
  const user = await register(page);
  const context = await browser.newContext();
  const other = await context.newPage();
  try {
    await other.goto('/auth/login');
    await signIn(other, user);
    await expect(other.getByRole('heading', { name: `Halo, ${user.name}` })).toBeVisible();
    const sessions = await data<{ id: string; current: boolean }[]>(other, 'session_list');
    const first = sessions.find((session) => !session.current);
    expect(first).toBeDefined();
    await data(other, 'session_revoke', { id: first?.id });
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  } finally {
    await context.close();
  }
});

test('a member leaves a project from its menu; the owner is not offered it', async ({ page, browser }) => {
  await register(page, 'Pemilik Kain');
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Kain' });
  const leave = async (tab: Page) => {
    await tab.getByRole('button', { name: 'Ganti proyek, sekarang Toko Kain' }).click();
    await tab.getByRole('menuitem', { name: 'Keluar dari proyek' }).click();
    await expect(tab.getByRole('dialog', { name: 'Keluar dari proyek Toko Kain?' })).toBeVisible();
    await tab.getByTestId('project-leave-confirm').click();
  };

  // The owner hands the project over before leaving: their menu does not offer to leave.
  await page.goto(`/crm/label/${key}`);
  await page.getByRole('button', { name: 'Ganti proyek, sekarang Toko Kain' }).click();
  await expect(page.getByRole('menuitem', { name: 'Semua proyek' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Keluar dari proyek' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(sidebar(page, 'Toko Kain')).toBeVisible();

  const agent = await colleague(browser, key, AGENT);
  try {
    await agent.page.goto(`/crm/customer/${key}`);
    await expect(sidebar(agent.page, 'Toko Kain')).toBeVisible();
    await leave(agent.page);
    // Left from this tab: home, not the notice the member's other tabs show.
    await expect(agent.page).toHaveURL(/\/$/);
    await expect(sidebar(agent.page, 'Toko Kain')).toHaveCount(0);
    await expect(agent.page.getByText('Anda telah keluar dari proyek Toko Kain.')).toHaveCount(0);
    const projects = await data<Array<{ key: string }>>(agent.page, 'project_list');
    expect(projects.map((project) => project.key)).not.toContain(key);
    // A reload does not bring it back: the project is no longer theirs.
    await agent.page.goto(`/crm/customer/${key}`);
    await expect(agent.page.getByRole('heading', { name: 'Pelanggan', level: 1 })).toHaveCount(0);
    await expect(sidebar(agent.page, 'Toko Kain')).toHaveCount(0);
  } finally {
    await agent.context.close();
  }
});
