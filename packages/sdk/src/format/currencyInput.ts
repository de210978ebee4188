/**
 * The currency input of SPEC.md section 5: dot as group separator, comma as decimal separator,
 * placeholder `000.000`. Up to 2 decimals; no sign (amounts typed into forms are never negative).
 */
export const currencyInputPlaceholder = '000.000';

const maxDecimals = 2;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The number typed in `text` (`'1.500.000,50'` -> 1500000.5), or `null` when it holds no digits. */
export function parseCurrencyInput(text: string): number | null {
  const [whole = '', ...rest] = text.split(',');
  const integer = whole.replace(/\D/g, '');
  const decimals = rest.join('').replace(/\D/g, '');
  if (integer === '' && decimals === '') return null;
  return Number(`${integer || '0'}.${decimals || '0'}`);
}

/**
 * Shows an amount as the input does. A number: `1500000.5` -> `'1.500.000,5'`. A string is what
 * the user typed and is re-grouped as they type, keeping a trailing comma: `'1500000,'` -> `'1.500.000,'`.
 */
export function formatCurrencyInput(value: number | string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const [whole = '0', decimals] = Math.abs(value).toFixed(maxDecimals).split('.');
    const trimmed = decimals?.replace(/0+$/, '') ?? '';
    return groupThousands(whole) + (trimmed ? `,${trimmed}` : '');
  }
  const commaAt = value.indexOf(',');
  const whole = (commaAt === -1 ? value : value.slice(0, commaAt))
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '');
  if (commaAt === -1) return groupThousands(whole);
  const decimals = value
    .slice(commaAt + 1)
    .replace(/\D/g, '')
    .slice(0, maxDecimals);
  return `${groupThousands(whole || '0')},${decimals}`;
}

/**
 * Rupiah typed into a form (money is kept as whole rupiah): the same text rules, a value that is
 * a whole number of rupiah or null, and what is wrong with the text when it is not one. Nothing
 * typed is dropped: digits after the comma stay in the text (and are the problem), so the user
 * sees what they typed and fixes it.
 */

/** The most rupiah the input takes: the largest whole number a number holds exactly. */
export const RUPIAH_INPUT_MAX = Number.MAX_SAFE_INTEGER;

/** What is wrong with typed rupiah: cents (digits after the comma other than zeros), or too much. */
export type RupiahInputProblem = 'decimals' | 'tooLarge' | null;

export interface RupiahInput {
  /** Whole rupiah, or null for nothing typed or a problem. */
  value: number | null;
  problem: RupiahInputProblem;
}

/** `'1.500.000'` -> 1500000; `'1.500,00'` -> 1500; `'1.500,50'` -> decimals; `''` -> null. */
export function readRupiahInput(text: string, max: number = RUPIAH_INPUT_MAX): RupiahInput {
  const commaAt = text.indexOf(',');
  const whole = (commaAt === -1 ? text : text.slice(0, commaAt)).replace(/\D/g, '');
  const decimals = commaAt === -1 ? '' : text.slice(commaAt + 1).replace(/\D/g, '');
  if (whole === '' && decimals === '') return { value: null, problem: null };
  if (/[1-9]/.test(decimals)) return { value: null, problem: 'decimals' };
  const value = Number(whole || '0');
  if (value > max) return { value: null, problem: 'tooLarge' };
  return { value, problem: null };
}

/**
 * Typed rupiah as the input shows it while typing: the whole part grouped with dots (leading
 * zeros dropped), then the comma and every digit typed after it (none is cut, so a mistake shows):
 * `'1500000'` -> `'1.500.000'`, `'1500,505'` -> `'1.500,505'`, `'Rp 2.000'` -> `'2.000'`.
 */
export function formatRupiahInput(text: string): string {
  const commaAt = text.indexOf(',');
  const whole = (commaAt === -1 ? text : text.slice(0, commaAt)).replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (commaAt === -1) return groupThousands(whole);
  return `${groupThousands(whole || '0')},${text.slice(commaAt + 1).replace(/\D/g, '')}`;
}

/** How many digits and commas stand before `caret` in `text` (what the caret follows). */
export function caretMarks(text: string, caret: number): number {
  return text.slice(0, caret).replace(/[^\d,]/g, '').length;
}

/** Where the caret goes in `formatted` to follow the same `marks` digits and commas. */
export function caretAfterMarks(formatted: string, marks: number): number {
  if (marks <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/[\d,]/.test(formatted.charAt(index))) seen += 1;
    if (seen === marks) return index + 1;
  }
  return formatted.length;
}

/** One keystroke (or paste) in the rupiah input: what it shows, where the caret goes, what it holds. */
export interface RupiahTyping extends RupiahInput {
  text: string;
  caret: number;
}

/**
 * The input's text after the user changed it to `raw` with the caret at `caret`: regrouped
 * (`formatRupiahInput`), the caret after the same digit, and the value it holds (`readRupiahInput`).
 */
export function typeRupiah(raw: string, caret: number, max: number = RUPIAH_INPUT_MAX): RupiahTyping {
  const text = formatRupiahInput(raw);
  return { text, caret: caretAfterMarks(text, caretMarks(raw, caret)), ...readRupiahInput(text, max) };
}
