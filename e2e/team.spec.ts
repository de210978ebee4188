/**
 * The project area end to end: an owner invites a second user with the Agent template; the
 * second user opens the link signed out, registers, comes back to the invite, joins and lands in
 * the project seeing only what an agent may (a direct visit to billing and an act they lack are
 * refused); the owner grants the labels in the permission editor and the agent's open app shows
 * them without a reload; the owner removes the agent and their open tab leaves the project at
 * once. Then the settings: name, time zone and a weekday's hours persist; the project is deleted
 * once its name is typed.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { enterOtp, PASSWORD, register } from './auth.ts';
import { freshPhone, nextOtp, otpCount } from './otp.ts';
import { act, data } from './shop.ts';

const navLink = (page: Page, href: string) => page.locator(`a[href="${href}"]`);

/** Registers from the register page (reached from the login page), keeping the saved path. */
async function registerFromLogin(page: Page, name: string): Promise<void> {
  const phone = freshPhone();
  await page.getByRole('link', { name: 'Belum punya akun? Daftar' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await page.getByLabel('Nama', { exact: true }).fill(name);
  await page.getByLabel('Nomor HP').fill(phone.local);
  await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Ulangi kata sandi', { exact: true }).fill(PASSWORD);
  const seen = otpCount(phone.e164);
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
  await enterOtp(page, await nextOtp(phone.e164, seen));
}

test('an invited agent joins from the link, gets labels live and is removed at once', async ({
  page,
  browser,
}) => {
  const owner = await register(page, 'Bu Sari');
  expect(owner.name).toBe('Bu Sari');
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Undangan' });

  // The owner makes an Agent invite on the members screen.
  await page.goto(`/project/user/${key}`);
  await expect(page.getByRole('heading', { name: 'Pengguna', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Daftar anggota' }).getByTestId('member-name')).toHaveText([
    /Bu Sari/,
  ]);
  await page.getByRole('tab', { name: 'Undangan' }).click();
  await page.getByTestId('invite-add').click();
  const form = page.getByRole('dialog', { name: 'Buat undangan' });
  await form.getByRole('radio', { name: 'Agen' }).check();
  await form.getByRole('textbox', { name: 'Batas pemakaian' }).fill('5');
  await form.getByRole('button', { name: 'Buat', exact: true }).click();
  await expect(form).toBeHidden();
  const invites = page.getByRole('table', { name: 'Daftar undangan' });
  await expect(invites.getByTestId('invite-status')).toHaveText(['Aktif']);
  await expect(invites.getByText('0 dari 5')).toBeVisible();
  const code = (await invites.getByTestId('invite-code').first().textContent())?.trim() ?? '';
  expect(code.length).toBeGreaterThanOrEqual(10);
  await expect(page.getByText(`Undangan ${code} dibuat.`)).toBeVisible();

  // A signed-out visitor opens the link, registers and comes back to it.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(`/invite/${code}`);
  await expect(member).toHaveURL(/\/auth\/login$/);
  await registerFromLogin(member, 'Dimas Agen');
  await expect(member).toHaveURL(new RegExp(`/invite/${code}$`));
  await expect(member.getByTestId('invite-summary')).toHaveText(
    'Bu Sari mengundang Anda bergabung ke proyek Toko Undangan.',
  );
  await expect(member.getByText('Izin awal Anda: Agen')).toBeVisible();
  await member.getByRole('button', { name: 'Gabung ke proyek' }).click();
  await expect(member).toHaveURL(new RegExp(`/crm/chat/${key}$`));

  // Only what an agent may: the chat and the customers, not the labels nor the members.
  await expect(navLink(member, `/crm/chat/${key}`).first()).toBeVisible();
  await expect(navLink(member, `/crm/customer/${key}`).first()).toBeVisible();
  await expect(navLink(member, `/crm/label/${key}`)).toHaveCount(0);
  await expect(navLink(member, `/project/user/${key}`)).toHaveCount(0);
  expect(await act(member, 'member_list', { key })).toMatchObject({ code: '0', reason: 'forbidden' });
  expect(await act(member, 'label_create', { key, name: 'VIP', color: '#1e88e5' })).toMatchObject({
    code: '0',
    reason: 'forbidden',
  });

  // A direct visit to billing is refused.
  await member.goto(`/project/billing/${key}`);
  await expect(member.getByText('Anda tidak punya akses ke halaman ini.')).toBeVisible();
  await member.goto(`/crm/chat/${key}`);
  await expect(navLink(member, `/crm/chat/${key}`).first()).toBeVisible();

  // The invite counts its use; the member shows with the Agent template.
  await page.reload();
  await page.getByRole('tab', { name: 'Undangan' }).click();
  await expect(invites.getByText('1 dari 5')).toBeVisible();
  await page.getByRole('tab', { name: 'Anggota' }).click();
  const members = page.getByRole('table', { name: 'Daftar anggota' });
  await expect(members.getByTestId('member-name')).toHaveText([/Bu Sari/, /Dimas Agen/]);
  await expect(members.getByTestId('member-role')).toHaveText(['Pemilik proyek', 'Agen']);

  // The owner grants the labels (menu and view) in the editor.
  await members.getByRole('button', { name: 'Ubah izin Dimas Agen' }).click();
  const editor = page.getByRole('dialog', { name: 'Izin Dimas Agen' });
  await expect(editor.getByTestId('permission-summary')).toContainText('Sama dengan templat Agen');
  const labelMenu = editor.getByRole('checkbox', { name: 'Label: Menu' });
  const labelView = editor.getByRole('checkbox', { name: 'Label: Lihat' });
  await expect(labelMenu).not.toBeChecked();
  // Under a menu that is off, a key is greyed out.
  await expect(labelView).toBeDisabled();
  await editor.getByTestId('perm-crm.label.menu').click();
  await expect(labelMenu).toBeChecked();
  await expect(labelView).toBeEnabled();
  await editor.getByTestId('perm-crm.label.view').click();
  await expect(labelView).toBeChecked();
  await expect(editor.getByTestId('permission-summary')).toContainText('Izin khusus');
  await editor.getByRole('button', { name: 'Simpan izin' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('Izin Dimas Agen disimpan.')).toBeVisible();
  await expect(members.getByTestId('member-role')).toHaveText(['Pemilik proyek', 'Khusus']);

  // The agent's open app shows the labels without a reload, and opens them.
  await navLink(member, `/crm/label/${key}`).first().click();
  await expect(member.getByRole('heading', { name: 'Label', level: 1 })).toBeVisible();
  await expect(member.getByRole('table', { name: 'Daftar label' })).toBeVisible();

  // The owner removes the agent: their open tab leaves the project at once.
  await members.getByRole('button', { name: 'Keluarkan Dimas Agen dari proyek' }).click();
  await page.getByTestId('member-remove-confirm').click();
  await expect(page.getByText('Dimas Agen dikeluarkan dari proyek.')).toBeVisible();
  await expect(members.getByTestId('member-name')).toHaveText([/Bu Sari/]);
  await expect(member.getByText('Anda telah dikeluarkan dari proyek Toko Undangan.')).toBeVisible();
  await expect(navLink(member, `/crm/label/${key}`)).toHaveCount(0);
  expect((await act(member, 'project_get', { key })).reason).toBe('not_found');
  await memberContext.close();
});

test('the owner changes the settings, which persist, and deletes the project by its name', async ({
  page,
}) => {
  await register(page);
  const { key } = await data<{ key: string }>(page, 'project_create', { name: 'Toko Pengaturan' });
  await page.goto(`/project/setting/${key}`);
  const name = page.getByRole('textbox', { name: 'Nama proyek' });
  await expect(name).toHaveValue('Toko Pengaturan');
  await expect(page.getByRole('combobox', { name: 'Zona waktu' })).toHaveValue('Asia/Jakarta');

  await name.fill('Toko Baru');
  await page.getByRole('combobox', { name: 'Zona waktu' }).fill('makassar');
  // Typing narrows the list to the zones that match.
  await expect(page.getByRole('option')).toHaveText(['Asia/Makassar']);
  await page.getByRole('option', { name: 'Asia/Makassar' }).click();
  // Monday from 10.00; a closing hour before it is refused beside the day.
  const monday = page.getByTestId('settings-day-1');
  await page.getByTestId('settings-from-1').click();
  await page.getByRole('option', { name: '10.00' }).click();
  await page.getByTestId('settings-to-1').click();
  await page.getByRole('option', { name: '08.00' }).click();
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
  await expect(monday.getByText('Jam selesai harus setelah jam mulai')).toBeVisible();
  await page.getByTestId('settings-to-1').click();
  await page.getByRole('option', { name: '16.00' }).click();
  await expect(monday.getByText('Jam selesai harus setelah jam mulai')).toBeHidden();
  // Saturday opens 09.00 to 12.00.
  // The tick's input is visually hidden: its label takes the click.
  await page.getByTestId('settings-day-6').getByText('Buka', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Sabtu: Buka' })).toBeChecked();
  await page.getByTestId('settings-to-6').click();
  await page.getByRole('option', { name: '12.00' }).click();
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
  await expect(page.getByText('Pengaturan proyek disimpan.')).toBeVisible();

  await page.reload();
  await expect(name).toHaveValue('Toko Baru');
  await expect(page.getByRole('combobox', { name: 'Zona waktu' })).toHaveValue('Asia/Makassar');
  await expect(page.getByTestId('settings-from-1')).toContainText('10.00');
  await expect(page.getByTestId('settings-to-1')).toContainText('16.00');
  await expect(page.getByRole('checkbox', { name: 'Sabtu: Buka' })).toBeChecked();
  await expect(page.getByTestId('settings-to-6')).toContainText('12.00');
  const saved = await data<{ name: string; timeZone: string; workingHours: { day: number; from: string }[] }>(
    page,
    'project_settings_get',
    { key },
  );
  expect(saved.name).toBe('Toko Baru');
  expect(saved.timeZone).toBe('Asia/Makassar');
  expect(saved.workingHours[0]).toMatchObject({ day: 1, open: true, from: '10:00:00', to: '16:00:00' });

  // Deleting asks for the name exactly as saved.
  await page.getByTestId('settings-delete').click();
  const confirm = page.getByRole('dialog', { name: 'Hapus proyek Toko Baru?' });
  const deleteButton = confirm.getByRole('button', { name: 'Hapus permanen' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox').fill('toko baru');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox').fill('Toko Baru');
  await deleteButton.click();
  // Gone: deleted from this tab, the app goes home, whether the act's answer or the socket's
  // `project.removed` comes first (never the "was deleted" notice meant for other members).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('textbox', { name: 'Nama proyek' })).toBeHidden();
  await expect(page.getByText('Proyek Toko Baru telah dihapus.')).toHaveCount(0);
  expect((await act(page, 'project_get', { key })).reason).toBe('not_found');
});
