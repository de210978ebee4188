/**
 * Paging through a CRM table (SPEC.md sections 4 and 9: 10 rows a page, Prev disabled on the
 * first page, Next on the last), shared by the labels, stages and quick replies walks.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** `n` as two digits, so names sort as numbers do. */
export const two = (n: number) => String(n).padStart(2, '0');

/** `make(1)` to `make(count)`. */
export function numbered(count: number, make: (n: number) => string): string[] {
  return Array.from({ length: count }, (_, index) => make(index + 1));
}

/**
 * Walks a table of more than ten rows over two pages: page 1 shows the first ten, Next and the
 * "Halaman 2" link each show the rest, Prev comes back, Prev is disabled on the first page and
 * Next on the last.
 */
export async function walkTwoPages(page: Page, rows: Locator, first: string[], second: string[]) {
  const pager = page.getByRole('navigation', { name: 'Halaman tabel' });
  const prev = pager.getByRole('button', { name: 'Sebelumnya' });
  const next = pager.getByRole('button', { name: 'Berikutnya' });
  const link = (n: number) => pager.getByRole('button', { name: `Halaman ${n}`, exact: true });

  expect(first).toHaveLength(10);
  await expect(rows).toHaveText(first);
  await expect(link(1)).toHaveAttribute('aria-current', 'page');
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(rows).toHaveText(second);
  await expect(link(2)).toHaveAttribute('aria-current', 'page');
  await expect(next).toBeDisabled();
  await expect(prev).toBeEnabled();

  await prev.click();
  await expect(rows).toHaveText(first);
  await expect(prev).toBeDisabled();

  await link(2).click();
  await expect(rows).toHaveText(second);
  await expect(next).toBeDisabled();
  await link(1).click();
  await expect(rows).toHaveText(first);
  await expect(prev).toBeDisabled();
}

/** Switches the app's language: the header's avatar menu when signed in, else the page's language buttons. */
export async function useLanguage(page: Page, language: 'Bahasa Indonesia' | 'English') {
  const account = page.getByRole('button', { name: /^(Menu akun|Account menu of) / });
  if ((await account.count()) > 0) {
    await account.click();
    await page.getByRole('menuitem', { name: language }).click();
    return;
  }
  const toggle = page.getByRole('radio', { name: language }).or(page.getByRole('button', { name: language }));
  await toggle.first().click();
}
