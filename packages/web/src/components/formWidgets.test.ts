/**
 * The hour picker and the currency input as they render (server-side, in both languages): their
 * names, values, placeholders and errors. Their rules are the SDK's (hourInput.ts,
 * currencyInput.ts) and tested there; typing into them runs in a browser.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translate, type Locale } from '@sapa/sdk';

const { locale, classNames } = vi.hoisted(() => ({
  locale: { current: 'id' as Locale },
  // Class names are vanilla-extract's build output; here each is its own name.
  classNames: (...names: string[]) => Object.fromEntries(names.map((name) => [name, name])),
}));
vi.mock('./field.css.ts', () => classNames('field', 'label', 'inputRow', 'input', 'error', 'description'));
vi.mock('./hourPicker.css.ts', () => classNames('picker', 'button', 'value', 'popover', 'listBox', 'option'));
vi.mock('./currencyInput.css.ts', () => classNames('prefix', 'input'));
vi.mock('../i18n/I18nProvider.tsx', () => ({
  useT: () => (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(locale.current, key, params),
}));

const { HourPicker } = await import('./HourPicker.tsx');
const { CurrencyInput } = await import('./CurrencyInput.tsx');

const noop = () => undefined;

/** The texts of the elements the first `tag` of `html` names in `attribute` (ids). */
function labelledBy(html: string, attribute: 'aria-labelledby' | 'aria-describedby', tag: string): string[] {
  const at = html.indexOf(`<${tag}`);
  const ids = new RegExp(`${attribute}="([^"]*)"`).exec(html.slice(at))?.[1]?.split(' ') ?? [];
  return ids.map((id) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? `?${id}`);
}

/** What the picker's button shows (its SelectValue). */
function shownValue(html: string): string | undefined {
  return /class="value"[^>]*>([^<]*)</.exec(html)?.[1];
}

beforeEach(() => {
  locale.current = 'id';
});

describe('HourPicker', () => {
  it('shows the chosen hour, named by its label', () => {
    const html = renderToStaticMarkup(
      createElement(HourPicker, { label: 'Jam buka', value: '09:00:00', onChange: noop }),
    );
    expect(shownValue(html)).toBe('09.00');
    expect(labelledBy(html, 'aria-labelledby', 'button')).toEqual(['09.00', 'Jam buka']);
    expect(html).not.toContain('role="alert"');
  });

  it('reads an hour written another way, and writes hours the English way in English', () => {
    locale.current = 'en';
    const html = renderToStaticMarkup(
      createElement(HourPicker, { label: 'Opens at', value: '9:00', onChange: noop }),
    );
    expect(shownValue(html)).toBe('09:00');
    expect(html).not.toContain('data-invalid');
  });

  it('offers "Tanpa jam" for no hour unless the hour is required', () => {
    const optional = renderToStaticMarkup(
      createElement(HourPicker, { label: 'Jam tutup', value: null, onChange: noop }),
    );
    expect(shownValue(optional)).toBe('Tanpa jam');
    const required = renderToStaticMarkup(
      createElement(HourPicker, { label: 'Jam tutup', value: null, onChange: noop, isRequired: true }),
    );
    expect(shownValue(required)).toBe('Pilih jam');
    expect(required).not.toContain('Tanpa jam');
  });

  it('keeps a value that is not a whole hour, with its error beside the field', () => {
    const html = renderToStaticMarkup(
      createElement(HourPicker, { label: 'Jam buka', value: '09:30:00', onChange: noop }),
    );
    expect(shownValue(html)).toBe('Pilih jam');
    expect(labelledBy(html, 'aria-describedby', 'button')).toContain(
      'Jam harus jam bulat dari 00.00 sampai 23.00',
    );
  });

  it('shows the form’s own error in place of its check', () => {
    locale.current = 'en';
    const html = renderToStaticMarkup(
      createElement(HourPicker, { label: 'Opens at', value: '10:00:00', onChange: noop, error: 'Required' }),
    );
    expect(labelledBy(html, 'aria-describedby', 'button')).toContain('Required');
    expect(html).toContain('data-invalid');
  });
});

describe('CurrencyInput', () => {
  it('shows whole rupiah with dots, the placeholder 000.000 and Rp, named by its label', () => {
    const html = renderToStaticMarkup(
      createElement(CurrencyInput, { label: 'Harga', value: 1500000, onChange: noop }),
    );
    expect(html).toContain('value="1.500.000"');
    expect(html).toContain('placeholder="000.000"');
    expect(html).toContain('inputMode="decimal"');
    expect(html).toContain('>Rp<');
    expect(labelledBy(html, 'aria-labelledby', 'input')).toContain('Harga');
    expect(html).not.toContain('data-invalid');
  });

  it('is empty for no amount', () => {
    const html = renderToStaticMarkup(
      createElement(CurrencyInput, { label: 'Harga', value: null, onChange: noop }),
    );
    expect(html).toContain('value=""');
    const broken = renderToStaticMarkup(
      createElement(CurrencyInput, { label: 'Harga', value: Number.NaN, onChange: noop }),
    );
    expect(broken).toContain('value=""');
  });

  it('shows cents it was given as its error, in Indonesian and in English', () => {
    const id = renderToStaticMarkup(
      createElement(CurrencyInput, { label: 'Harga', value: 1500.5, onChange: noop }),
    );
    expect(id).toContain('value="1.500,5"');
    expect(labelledBy(id, 'aria-describedby', 'input')).toContain(
      'Rupiah tanpa sen: hapus angka di belakang koma',
    );
    expect(id).toContain('aria-invalid="true"');
    locale.current = 'en';
    const en = renderToStaticMarkup(
      createElement(CurrencyInput, { label: 'Price', value: 1500.5, onChange: noop }),
    );
    expect(en).toContain('Rupiah has no cents: remove the digits after the comma');
  });

  it('says the most it takes', () => {
    const html = renderToStaticMarkup(
      createElement(CurrencyInput, { label: 'Harga', value: 2000000, onChange: noop, max: 1000000 }),
    );
    expect(html).toContain('Paling banyak Rp 1.000.000');
  });

  it('shows a server error beside the field', () => {
    const html = renderToStaticMarkup(
      createElement(CurrencyInput, {
        label: 'Harga',
        value: 1000,
        onChange: noop,
        error: 'Isian tidak valid.',
      }),
    );
    expect(html).toContain('Isian tidak valid.');
    expect(labelledBy(html, 'aria-describedby', 'input')).toContain('Isian tidak valid.');
  });
});
